import type { Preset } from "@/lib/contract/gateway";

/** Columns the preset table sorts by; "updated" newest first is the gateway's own order. */
export const PRESET_SORT_KEYS = ["name", "slug", "status", "updated"] as const;
export type PresetSortKey = (typeof PRESET_SORT_KEYS)[number];
export type SortDirection = "asc" | "desc";

export const DEFAULT_SORT: { key: PresetSortKey; direction: SortDirection } = { key: "updated", direction: "desc" };

/** True when the gateway's paging already yields the wanted rows, so no full catalog is needed. */
export function isServerOrder(query: string, key: PresetSortKey, direction: SortDirection): boolean {
  return query.trim() === "" && key === DEFAULT_SORT.key && direction === DEFAULT_SORT.direction;
}

/** Case-insensitive match of every word against the name or the slug. */
export function filterPresets(presets: readonly Preset[], query: string): Preset[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...presets];
  return presets.filter((preset) => {
    const haystack = `${preset.name}\n${preset.slug}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

export function sortPresets(presets: readonly Preset[], key: PresetSortKey, direction: SortDirection): Preset[] {
  const sign = direction === "asc" ? 1 : -1;
  const compare = (a: Preset, b: Preset): number => {
    switch (key) {
      case "name":
        return collator.compare(a.name, b.name);
      case "slug":
        return collator.compare(a.slug, b.slug);
      case "status":
        return collator.compare(a.status, b.status);
      default:
        return Date.parse(a.updated_at) - Date.parse(b.updated_at);
    }
  };
  // Ties fall back to the slug so the order is stable across pages.
  return [...presets].sort((a, b) => sign * compare(a, b) || collator.compare(a.slug, b.slug));
}

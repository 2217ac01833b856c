import type { Preset, PresetListResponse, PresetVersion, PresetVersionListResponse } from "@/lib/contract/gateway";
import { PRESET_LIST_MAX_LIMIT } from "@/lib/contract/gateway/constants";

/**
 * Walking the gateway's offset paging for the presets list and a preset's versions. The browser's queries
 * (through the BFF) and the server pages' prefetch (through the gateway client) both walk with these, so the
 * cache holds the same shape whichever side filled it.
 */

/** Rows per page of the presets table. */
export const PRESET_PAGE_SIZE = 20;

/** Walking every page to search or sort the whole catalog stops here; the UI says when it did. */
const PRESET_CATALOG_CAP = 2000;

/** Every preset up to the cap: what a search or a sort other than the gateway's reads. */
export interface PresetCatalog {
  data: Preset[];
  total_count: number;
  truncated: boolean;
}

export async function collectPresetCatalog(fetchPage: (offset: number, limit: number) => Promise<PresetListResponse>): Promise<PresetCatalog> {
  const presets: Preset[] = [];
  let total = 0;
  for (let offset = 0; offset < PRESET_CATALOG_CAP; offset += PRESET_LIST_MAX_LIMIT) {
    const page = await fetchPage(offset, PRESET_LIST_MAX_LIMIT);
    presets.push(...page.data);
    total = page.total_count;
    if (page.data.length < PRESET_LIST_MAX_LIMIT || presets.length >= total) break;
  }
  return { data: presets, total_count: total, truncated: presets.length < total };
}

/** All versions of a preset, oldest first (presets rarely have more than a few hundred). */
export async function collectPresetVersions(
  fetchPage: (offset: number, limit: number) => Promise<PresetVersionListResponse>,
): Promise<PresetVersion[]> {
  const versions: PresetVersion[] = [];
  for (let offset = 0; ; offset += PRESET_LIST_MAX_LIMIT) {
    const page = await fetchPage(offset, PRESET_LIST_MAX_LIMIT);
    versions.push(...page.data);
    if (page.data.length < PRESET_LIST_MAX_LIMIT || versions.length >= page.total_count) break;
  }
  return versions.sort((a, b) => a.version - b.version);
}

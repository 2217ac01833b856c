import type { VideoModel } from "@/lib/contract/gateway";
import { estimateCost, type CostSettings } from "./cost";
import { formatUsd } from "./money";
import { aspectRatiosOf, durationsOf, formatReleaseDate, providerOf, resolutionsOf, supportsFrame } from "./model-facts";
import { describeSku, parseSkus } from "./sku";

interface ComparisonRow {
  key: string;
  label: string;
  /** One text cell per compared model, in the order given. */
  cells: string[];
  /** Whether the models disagree on this field (the row is highlighted). */
  differs: boolean;
}

export interface ComparisonSection {
  title: string;
  rows: ComparisonRow[];
}

const NONE = "—";

function yesNo(value: boolean | null | undefined): string {
  if (value === true) return "Yes";
  if (value === false) return "No";
  return "Not stated";
}

function list(values: readonly (string | number)[], suffix = ""): string {
  return values.length === 0 ? NONE : values.map((v) => `${v}${suffix}`).join(", ");
}

/** Fields shown in the sections above; any other field of a model is listed under "Other fields". */
const KNOWN_FIELDS = new Set([
  "id", "canonical_slug", "name", "description", "created", "generate_audio", "pricing_skus", "seed", "supported_aspect_ratios",
  "supported_durations", "supported_frame_images", "supported_resolutions", "supported_sizes", "allowed_passthrough_parameters",
  "upscale_factor", "creativity", "hugging_face_id",
]);

function upscale(value: VideoModel["upscale_factor"]): string {
  if (!value || (value.min == null && value.max == null)) return NONE;
  if (value.min != null && value.max != null) return value.min === value.max ? `${value.min}×` : `${value.min}×–${value.max}×`;
  return value.min != null ? `from ${value.min}×` : `up to ${value.max}×`;
}

function row(key: string, label: string, cells: string[]): ComparisonRow {
  return { key, label, cells, differs: new Set(cells).size > 1 };
}

/**
 * Every field of the compared models as aligned rows (one column per model), with the rows where
 * they differ marked. Pricing gets one row per SKU name any of them uses, so a SKU one model lacks
 * shows as a gap rather than shifting the others.
 */
export function buildComparison(models: VideoModel[], settings: CostSettings): ComparisonSection[] {
  const cells = (get: (model: VideoModel) => string) => models.map(get);

  const overview: ComparisonRow[] = [
    row("provider", "Provider", cells((m) => providerOf(m) ?? NONE)),
    row("id", "Model id", cells((m) => m.id)),
    row("canonical_slug", "Canonical slug", cells((m) => m.canonical_slug)),
    row("released", "Released", cells((m) => formatReleaseDate(m.created))),
    row("description", "Description", cells((m) => m.description?.trim() || NONE)),
  ];

  const capabilities: ComparisonRow[] = [
    row("resolutions", "Resolutions", cells((m) => list(resolutionsOf(m)))),
    row("aspect_ratios", "Aspect ratios", cells((m) => list(aspectRatiosOf(m)))),
    row("durations", "Durations", cells((m) => list(durationsOf(m), " s"))),
    row("first_frame", "First frame image", cells((m) => yesNo(supportsFrame(m, "first_frame")))),
    row("last_frame", "Last frame image", cells((m) => yesNo(supportsFrame(m, "last_frame")))),
    row("audio", "Generates audio", cells((m) => yesNo(m.generate_audio))),
    row("seed", "Seed", cells((m) => yesNo(m.seed))),
    row("sizes", "Sizes", cells((m) => list(m.supported_sizes ?? []))),
    row("passthrough", "Passthrough parameters", cells((m) => list(m.allowed_passthrough_parameters))),
    row("upscale_factor", "Upscale factor", cells((m) => upscale(m.upscale_factor))),
    row("creativity", "Creativity levels", cells((m) => list(m.creativity ?? []))),
    row("hugging_face_id", "Hugging Face id", cells((m) => m.hugging_face_id ?? NONE)),
  ];

  // Fields the contract does not name yet (the gateway adds some over time) still get a row each.
  const extraKeys = [...new Set(models.flatMap((m) => Object.keys(m).filter((key) => !KNOWN_FIELDS.has(key))))].sort();
  const other: ComparisonRow[] = extraKeys.map((key) =>
    row(`extra:${key}`, key, cells((m) => (key in m ? JSON.stringify((m as Record<string, unknown>)[key]) : NONE))),
  );

  const parsed = models.map((m) => parseSkus(m.pricing_skus));
  const skuNames = [...new Set(parsed.flatMap((skus) => skus.map((sku) => sku.name)))];
  const pricing: ComparisonRow[] = skuNames.map((name) =>
    row(
      `sku:${name}`,
      name,
      parsed.map((skus) => {
        const sku = skus.find((s) => s.name === name);
        if (!sku) return NONE;
        const price = sku.usd === null || sku.unknownTerms.length > 0 ? sku.price : formatUsd(sku.usd);
        return `${price} (${describeSku(sku)})`;
      }),
    ),
  );
  const estimateLabel = `Estimate: ${settings.duration} s, ${settings.resolution}, ${settings.audio ? "with" : "without"} audio`;
  pricing.push(
    row(
      "estimate",
      estimateLabel,
      cells((m) => {
        const estimate = estimateCost(m, settings);
        return estimate.kind === "estimate" ? formatUsd(estimate.usd) : `n/a: ${estimate.reason}`;
      }),
    ),
  );

  return [
    { title: "Overview", rows: overview },
    { title: "Capabilities", rows: capabilities },
    { title: "Pricing", rows: pricing },
    ...(other.length > 0 ? [{ title: "Other fields", rows: other }] : []),
  ];
}

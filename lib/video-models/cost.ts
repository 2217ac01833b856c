import type { VideoModel } from "@/lib/gateway";
import { formatUsd } from "./money";
import { resolutionsOf } from "./model-facts";
import { isUsableSku, normalizeResolution, parseSkus, type ParsedSku } from "./sku";

/** What the user asks the calculator for. */
export interface CostSettings {
  /** Seconds of video. */
  duration: number;
  /** Normalised resolution ("720p"). */
  resolution: string;
  audio: boolean;
}

export type CostEstimate =
  | { kind: "estimate"; usd: number; sku: ParsedSku; /** "$0.10/s × 8 s" */ formula: string }
  | { kind: "na"; /** Why no estimate, short enough for a card ("No price for 1080p"). */ reason: string };

function specificity(sku: ParsedSku): number {
  return (sku.resolution !== null ? 2 : 0) + (sku.audio !== null ? 1 : 0);
}

function settingsLabel(settings: CostSettings): string {
  return `${settings.resolution} ${settings.audio ? "with" : "without"} audio`;
}

function formulaFor(sku: ParsedSku, duration: number): string {
  const price = formatUsd(sku.usd ?? 0);
  switch (sku.unit) {
    case "second":
      return `${price}/s × ${duration} s`;
    case "minute":
      return `${price}/min × ${duration} s`;
    default:
      return `${price} per video`;
  }
}

function amountFor(sku: ParsedSku, duration: number): number {
  const price = sku.usd ?? 0;
  if (sku.unit === "second") return price * duration;
  if (sku.unit === "minute") return (price * duration) / 60;
  return price;
}

/**
 * Estimated price of one generation with the given settings, from the model's own SKUs only.
 * A SKU limited to a resolution or an audio setting beats a general one; when the best match is
 * still ambiguous (two different prices apply equally) the answer is "n/a", never a pick.
 */
export function estimateCost(model: VideoModel, settings: CostSettings): CostEstimate {
  const resolution = normalizeResolution(settings.resolution) ?? settings.resolution;
  const durations = model.supported_durations ?? [];
  if (durations.length > 0 && !durations.includes(settings.duration)) {
    return { kind: "na", reason: `No ${settings.duration} s option` };
  }
  const resolutions = resolutionsOf(model);
  if (resolutions.length > 0 && !resolutions.includes(resolution)) {
    return { kind: "na", reason: `No ${resolution} option` };
  }
  if (settings.audio && model.generate_audio !== true) {
    return { kind: "na", reason: model.generate_audio === false ? "No audio option" : "Audio support not stated" };
  }

  const skus = parseSkus(model.pricing_skus);
  if (skus.length === 0) return { kind: "na", reason: "No prices published" };
  const usable = skus.filter(isUsableSku);
  if (usable.length === 0) {
    return { kind: "na", reason: `Unit unknown (${skus.map((sku) => sku.name).join(", ")})` };
  }

  const matching = usable.filter(
    (sku) => (sku.resolution === null || sku.resolution === resolution) && (sku.audio === null || sku.audio === settings.audio),
  );
  if (matching.length === 0) return { kind: "na", reason: `No price for ${settingsLabel({ ...settings, resolution })}` };

  const best = Math.max(...matching.map(specificity));
  const top = matching.filter((sku) => specificity(sku) === best);
  const amounts = new Set(top.map((sku) => amountFor(sku, settings.duration)));
  if (amounts.size > 1) {
    return { kind: "na", reason: `Several prices apply (${top.map((sku) => sku.name).join(", ")})` };
  }
  const sku = top[0];
  return { kind: "estimate", usd: amountFor(sku, settings.duration), sku, formula: formulaFor(sku, settings.duration) };
}

import type { VideoModel } from "@/lib/contract/gateway";
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
  | {
      kind: "estimate";
      usd: number;
      sku: ParsedSku;
      /** "$0.10/s × 8 s" */
      formula: string;
      /**
       * SKUs that could apply to these settings but were left out because their unit or part of
       * their name could not be read ("generate"): the estimate may miss a charge, and says so.
       */
      excluded: ParsedSku[];
    }
  | { kind: "na"; /** Why no estimate, short enough for a card ("No price for 1080p"). */ reason: string };

function specificity(sku: ParsedSku): number {
  return (sku.duration !== null ? 4 : 0) + (sku.resolution !== null ? 2 : 0) + (sku.audio !== null ? 1 : 0);
}

function settingsLabel(settings: CostSettings): string {
  return `${settings.duration} s · ${settings.resolution} · ${settings.audio ? "with" : "without"} audio`;
}

function formulaFor(sku: ParsedSku, duration: number): string {
  const price = formatUsd(sku.usd ?? 0);
  switch (sku.unit) {
    case "second":
      return `${price}/s × ${duration} s`;
    case "minute":
      return `${price}/min × ${duration} s`;
    default:
      return sku.duration !== null ? `${price} per ${sku.duration} s video` : `${price} per video`;
  }
}

function amountFor(sku: ParsedSku, duration: number): number {
  const price = sku.usd ?? 0;
  if (sku.unit === "second") return price * duration;
  if (sku.unit === "minute") return (price * duration) / 60;
  return price;
}

/** Whether the SKU's stated conditions (length, resolution, audio) allow these settings. */
function conditionsAllow(sku: ParsedSku, settings: CostSettings, audioDistinguished: boolean): boolean {
  if (sku.duration !== null && sku.duration !== settings.duration) return false;
  if (sku.resolution !== null && sku.resolution !== settings.resolution) return false;
  if (sku.audio !== null) return sku.audio === settings.audio;
  // When some SKU of the model is priced explicitly for the requested audio setting, an unmarked
  // SKU is that model's price for the other setting, not for this one.
  return !audioDistinguished;
}

/**
 * Estimated price of one generation with the given settings, from the model's own SKUs only.
 * A SKU limited to a length, resolution or audio setting beats a general one; when the best match
 * is still ambiguous (two different prices apply equally) the answer is "n/a", never a pick.
 */
export function estimateCost(model: VideoModel, settings: CostSettings): CostEstimate {
  const wanted: CostSettings = { ...settings, resolution: normalizeResolution(settings.resolution) ?? settings.resolution };
  const durations = model.supported_durations ?? [];
  if (durations.length > 0 && !durations.includes(wanted.duration)) {
    return { kind: "na", reason: `No ${wanted.duration} s option` };
  }
  const resolutions = resolutionsOf(model);
  if (resolutions.length > 0 && !resolutions.includes(wanted.resolution)) {
    return { kind: "na", reason: `No ${wanted.resolution} option` };
  }
  if (wanted.audio && model.generate_audio !== true) {
    return { kind: "na", reason: model.generate_audio === false ? "No audio option" : "Audio support not stated" };
  }

  const skus = parseSkus(model.pricing_skus);
  if (skus.length === 0) return { kind: "na", reason: "No prices published" };
  const usable = skus.filter(isUsableSku);
  if (usable.length === 0) {
    return { kind: "na", reason: `Unit unknown (${skus.map((sku) => sku.name).join(", ")})` };
  }

  const audioDistinguished = usable.some((sku) => sku.audio === wanted.audio);
  const matching = usable.filter((sku) => conditionsAllow(sku, wanted, audioDistinguished));
  if (matching.length === 0) return { kind: "na", reason: `No price for ${settingsLabel(wanted)}` };

  const best = Math.max(...matching.map(specificity));
  const top = matching.filter((sku) => specificity(sku) === best);
  const amounts = new Set(top.map((sku) => amountFor(sku, wanted.duration)));
  if (amounts.size > 1) {
    return { kind: "na", reason: `Several prices apply (${top.map((sku) => sku.name).join(", ")})` };
  }
  const sku = top[0];
  const excluded = skus.filter((other) => !isUsableSku(other) && conditionsAllow(other, wanted, false));
  return { kind: "estimate", usd: amountFor(sku, wanted.duration), sku, formula: formulaFor(sku, wanted.duration), excluded };
}

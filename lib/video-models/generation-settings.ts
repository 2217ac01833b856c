import type { VideoModel } from "@/lib/contract/gateway";
import { estimateCost, type CostEstimate } from "./cost";
import { aspectRatiosOf, durationsOf, resolutionsOf, supportsFrame } from "./model-facts";

/** Shared settings of a generation as the user chose them (absent: each model's default). */
export interface SharedVideoSettings {
  duration?: number;
  resolution?: string;
  aspect_ratio?: string;
  audio?: boolean;
  seed?: number;
  first_frame?: string;
  last_frame?: string;
}

/** One setting one model cannot take, with what it does take (empty: the option does not apply to it). */
interface UnsupportedSetting {
  field: keyof SharedVideoSettings;
  message: string;
  supported: (string | number)[];
}

/** The settings one model will generate with: the user's where given, else the model's default. */
interface ModelSettings {
  duration: number | null;
  resolution: string | null;
  aspect_ratio: string | null;
  audio: boolean;
}

export interface ModelPlan {
  settings: ModelSettings;
  unsupported: UnsupportedSetting[];
  cost: CostEstimate;
}

function pick<T>(wanted: T | undefined, options: T[], preferred: T): T | null {
  if (wanted !== undefined) return wanted;
  if (options.length === 0) return null;
  return options.includes(preferred) ? preferred : options[0];
}

function checkListed<T extends string | number>(field: UnsupportedSetting["field"], wanted: T | undefined, options: T[], model: VideoModel): UnsupportedSetting[] {
  if (wanted === undefined || options.includes(wanted)) return [];
  const message = options.length === 0 ? `${model.id} has no ${field} option` : `${model.id} takes ${options.join(", ")}`;
  return [{ field, message, supported: options }];
}

/**
 * What one model makes of the shared settings: every setting it cannot take (checked against its
 * catalog lists, never dropped), the values it will use, and the SKU calculator's estimate for them.
 * Defaults follow the gateway's: the shortest duration, 720p and 16:9 where offered, audio when made.
 */
export function planForModel(model: VideoModel, shared: SharedVideoSettings): ModelPlan {
  const durations = durationsOf(model);
  const resolutions = resolutionsOf(model);
  const ratios = aspectRatiosOf(model);
  const unsupported = [
    ...checkListed("duration", shared.duration, durations, model),
    ...checkListed("resolution", shared.resolution, resolutions, model),
    ...checkListed("aspect_ratio", shared.aspect_ratio, ratios, model),
  ];
  if (shared.audio === true && model.generate_audio !== true) {
    unsupported.push({ field: "audio", message: `${model.id} does not generate audio`, supported: [] });
  }
  if (shared.seed !== undefined && model.seed === false) {
    unsupported.push({ field: "seed", message: `${model.id} takes no seed`, supported: [] });
  }
  for (const frame of ["first_frame", "last_frame"] as const) {
    if (shared[frame] !== undefined && !supportsFrame(model, frame)) {
      unsupported.push({ field: frame, message: `${model.id} takes no ${frame.replace("_", " ")} image`, supported: [] });
    }
  }
  const settings: ModelSettings = {
    duration: pick(shared.duration, durations, durations[0]),
    resolution: pick(shared.resolution, resolutions, "720p"),
    aspect_ratio: pick(shared.aspect_ratio, ratios, "16:9"),
    audio: shared.audio ?? model.generate_audio === true,
  };
  const cost = estimateCost(model, { duration: settings.duration ?? 0, resolution: settings.resolution ?? "", audio: settings.audio });
  return { settings, unsupported, cost };
}

import type { VideoModel } from "@/lib/contract/gateway";
import { FRAME_TYPES, type FrameType } from "./generation-frame-types";
import { aspectRatiosOf, compareAspectRatios, compareResolutions, durationsOf, resolutionsOf, supportsFrame } from "./model-facts";

/** Models in one generation: the BFF's limit (MAX_MODELS_PER_GENERATION), kept here so the page loads no zod. */
export const MAX_MODELS = 4;

/**
 * The values the generation form's shared controls offer: each one at least one chosen model takes (a value
 * another chosen model cannot take is then shown against that model, by planForModel, not hidden).
 */
export interface GenerationOptions {
  durations: number[];
  resolutions: string[];
  aspectRatios: string[];
  audio: boolean;
  seed: boolean;
  /** The frame images at least one chosen model takes. */
  frames: FrameType[];
}

export function generationOptions(models: VideoModel[]): GenerationOptions {
  return {
    durations: [...new Set(models.flatMap(durationsOf))].sort((a, b) => a - b),
    resolutions: [...new Set(models.flatMap(resolutionsOf))].sort(compareResolutions),
    aspectRatios: [...new Set(models.flatMap(aspectRatiosOf))].sort(compareAspectRatios),
    audio: models.some((model) => model.generate_audio === true),
    seed: models.some((model) => model.seed !== false),
    frames: FRAME_TYPES.filter((frame) => models.some((model) => supportsFrame(model, frame))),
  };
}

/** The `models` search parameter ("a,b"): known ids, each once, at most `max`. */
export function modelsFromParam(value: string | string[] | undefined, known: ReadonlySet<string> | null, max: number): string[] {
  const raw = (Array.isArray(value) ? value.join(",") : (value ?? "")).split(",").map((id) => id.trim());
  return [...new Set(raw.filter((id) => id.length > 0 && (known === null || known.has(id))))].slice(0, max);
}

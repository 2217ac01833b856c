import type { VideoGenerationRequest, VideoModel } from "@/lib/contract/gateway";
import { aspectRatiosOf, durationsOf, resolutionsOf } from "@/lib/video-models/model-facts";
import { normalizeResolution } from "@/lib/video-models/sku";
import { HttpError } from "../http-error";

/** What a job generates, every option decided: the request's value or the model's default. */
export interface VideoSettings {
  duration: number;
  /** Normalised ("720p", "4K"). */
  resolution: string;
  /** "16:9"; from `size` when the request gives one. */
  aspectRatio: string;
  size: string | null;
  audio: boolean;
  /** The request's seed, or null (the job then draws one). */
  seed: number | null;
  frameTypes: string[];
}

/** Defaults where the request is silent and the model lists no options (an upscaler has no durations). */
const FALLBACK_DURATION = 5;
const FALLBACK_ASPECT_RATIO = "16:9";
const FALLBACK_RESOLUTION = "720p";

const list = (values: readonly (string | number)[]) => values.join(", ");

function unsupported(field: string, model: VideoModel, detail = ""): HttpError {
  return HttpError.field(field, `is not supported by ${model.id}${detail}`);
}

function oneOf(field: string, model: VideoModel, values: readonly (string | number)[]): HttpError {
  return HttpError.field(field, `must be one of ${list(values)} for ${model.id}`);
}

/** Pixel height a resolution name stands for ("720p" -> 720, "2K" -> 1440), for matching a size to it. */
function resolutionHeight(resolution: string): number {
  if (resolution.endsWith("p")) return Number(resolution.slice(0, -1));
  return { "1K": 1080, "2K": 1440, "4K": 2160 }[resolution] ?? 720;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** "1280x720" -> "16:9" (reduced), "1792x768" -> "7:3". */
export function aspectRatioOfSize(size: string): string {
  const [width, height] = size.split("x").map(Number);
  const divisor = gcd(width, height);
  return `${width / divisor}:${height / divisor}`;
}

/**
 * Checks a request against what its model supports (the catalog's lists) and fills in the rest.
 * Every refusal is a 400 naming the field, the model and, where there is a list, the values it takes.
 * A list the model leaves null means the option does not apply to it: giving it is refused.
 */
export function resolveVideoSettings(request: VideoGenerationRequest, model: VideoModel): VideoSettings {
  const isUpscaler = model.upscale_factor != null;

  const durations = durationsOf(model);
  let duration = request.duration ?? durations[0] ?? FALLBACK_DURATION;
  if (request.duration !== undefined) {
    if (model.supported_durations === null) throw unsupported("duration", model);
    if (durations.length > 0 && !durations.includes(request.duration)) throw oneOf("duration", model, durations);
    duration = request.duration;
  }

  const resolutions = resolutionsOf(model);
  let resolution = resolutions.includes(FALLBACK_RESOLUTION) ? FALLBACK_RESOLUTION : (resolutions[0] ?? FALLBACK_RESOLUTION);
  if (request.resolution !== undefined) {
    const wanted = normalizeResolution(request.resolution) ?? request.resolution;
    if (model.supported_resolutions === null) throw unsupported("resolution", model);
    if (resolutions.length > 0 && !resolutions.includes(wanted)) throw oneOf("resolution", model, resolutions);
    resolution = wanted;
  }

  const ratios = aspectRatiosOf(model);
  let aspectRatio = ratios.includes(FALLBACK_ASPECT_RATIO) ? FALLBACK_ASPECT_RATIO : (ratios[0] ?? FALLBACK_ASPECT_RATIO);
  if (request.aspect_ratio !== undefined) {
    if (model.supported_aspect_ratios === null) throw unsupported("aspect_ratio", model);
    if (ratios.length > 0 && !ratios.includes(request.aspect_ratio)) throw oneOf("aspect_ratio", model, ratios);
    aspectRatio = request.aspect_ratio;
  }

  let size: string | null = null;
  if (request.size !== undefined) {
    const sizes = model.supported_sizes ?? [];
    if (sizes.length === 0) throw unsupported("size", model, "; use resolution and aspect_ratio");
    if (!sizes.includes(request.size)) throw oneOf("size", model, sizes);
    size = request.size;
    // size is "interchangeable with resolution + aspect_ratio": given together, they must agree.
    const sizeRatio = aspectRatioOfSize(size);
    if (request.aspect_ratio !== undefined && request.aspect_ratio !== sizeRatio) {
      throw HttpError.field("size", `is ${sizeRatio}, which does not match aspect_ratio ${request.aspect_ratio}`);
    }
    const [width, height] = size.split("x").map(Number);
    const side = Math.min(width, height);
    // The size's resolution is the model's closest one (1792x768 on a 720p/1080p model is 720p).
    const closest = [...(resolutions.length > 0 ? resolutions : [resolution])].sort(
      (a, b) => Math.abs(resolutionHeight(a) - side) - Math.abs(resolutionHeight(b) - side),
    )[0];
    if (request.resolution !== undefined && closest !== resolution) {
      throw HttpError.field("size", `is ${closest}, which does not match resolution ${request.resolution}`);
    }
    resolution = closest;
    aspectRatio = sizeRatio;
  }

  if (request.generate_audio === true && model.generate_audio !== true) throw unsupported("generate_audio", model);
  const audio = request.generate_audio ?? model.generate_audio === true;

  if (request.seed !== undefined && model.seed === false) throw unsupported("seed", model);

  const frames = request.frame_images ?? [];
  const frameTypes: string[] = [];
  const supportedFrames = model.supported_frame_images ?? [];
  frames.forEach((frame, index) => {
    if (!supportedFrames.includes(frame.frame_type)) {
      throw supportedFrames.length === 0
        ? unsupported(`frame_images[${index}].frame_type`, model)
        : oneOf(`frame_images[${index}].frame_type`, model, supportedFrames);
    }
    frameTypes.push(frame.frame_type);
  });

  if (request.creativity !== undefined) {
    const levels = model.creativity ?? [];
    if (levels.length === 0) throw unsupported("creativity", model, " (video upscaling models only)");
    if (!levels.includes(request.creativity)) throw oneOf("creativity", model, levels);
  }
  if (request.upscale_factor !== undefined) {
    const range = model.upscale_factor;
    if (!range) throw unsupported("upscale_factor", model, " (video upscaling models only)");
    if ((range.min != null && request.upscale_factor < range.min) || (range.max != null && request.upscale_factor > range.max)) {
      throw HttpError.field("upscale_factor", `must be from ${range.min ?? 0} to ${range.max ?? "any"} for ${model.id}`);
    }
  }

  const references = request.input_references ?? [];
  if (isUpscaler && !references.some((reference) => reference.type === "video_url")) {
    throw HttpError.field("input_references", `must include a video_url: ${model.id} upscales an existing video`);
  }
  const hasPrompt = (request.prompt ?? "").trim() !== "";
  if (!hasPrompt && !isUpscaler && frames.length === 0) {
    throw HttpError.field("prompt", `is required by ${model.id} unless frame_images are given`);
  }

  return { duration, resolution, aspectRatio, size, audio, seed: request.seed ?? null, frameTypes };
}

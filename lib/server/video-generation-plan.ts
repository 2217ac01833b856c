import "server-only";
import type { CreateGenerationRequest } from "@/lib/bff/video-generations";
import { VideoModelSchema, type VideoGenerationRequest, type VideoModel } from "@/lib/gateway";
import { planForModel, type ModelPlan } from "@/lib/video-models/generation-settings";
import { HttpError } from "./errors";

export interface PlannedModel {
  model: VideoModel;
  plan: ModelPlan;
  /** The SKU calculator's estimate in USD, or null when the model's prices give none. */
  estimateUsd: number | null;
}

export interface GenerationPlan {
  models: PlannedModel[];
  /** Sum of the known estimates. */
  totalUsd: number;
  /** False when some model has no estimate: the total then leaves it out. */
  complete: boolean;
}

/** The catalog as the BFF serves it (`{data: [...]}`), as models by id. */
export function catalogById(catalogBody: string): Map<string, VideoModel> {
  const entries = (JSON.parse(catalogBody) as { data?: unknown[] }).data ?? [];
  const byId = new Map<string, VideoModel>();
  for (const entry of entries) {
    const parsed = VideoModelSchema.safeParse(entry);
    if (parsed.success) byId.set(parsed.data.id, parsed.data);
  }
  return byId;
}

/**
 * Checks every chosen model against the catalog before anything is spent. A setting one model cannot
 * take refuses the whole generation (400) and names each model and field at once: a comparison where
 * one model silently ran other settings than the rest would compare nothing, and the user asked for
 * those settings. Nothing is submitted, nothing charged.
 */
export function planGeneration(request: CreateGenerationRequest, catalog: Map<string, VideoModel>): GenerationPlan {
  const issues: { path: string; message: string }[] = [];
  const unsupported: { model: string; field: string; message: string; supported: (string | number)[] }[] = [];
  const models: PlannedModel[] = [];
  request.models.forEach((id, index) => {
    const model = catalog.get(id);
    if (!model) {
      issues.push({ path: `models[${index}]`, message: `models[${index}] is not a video model of the catalog: ${id}` });
      return;
    }
    const plan = planForModel(model, request.settings);
    for (const problem of plan.unsupported) {
      issues.push({ path: `settings.${problem.field}`, message: `settings.${problem.field}: ${problem.message}` });
      unsupported.push({ model: id, ...problem });
    }
    models.push({ model, plan, estimateUsd: plan.cost.kind === "estimate" ? plan.cost.usd : null });
  });
  if (issues.length > 0) {
    throw new HttpError(400, issues.map((issue) => issue.message).join("; "), { metadata: { issues, unsupported } });
  }
  return {
    models,
    totalUsd: models.reduce((sum, entry) => sum + (entry.estimateUsd ?? 0), 0),
    complete: models.every((entry) => entry.estimateUsd !== null),
  };
}

/** The gateway request for one model: the values the estimate priced, so the job and its cost agree. */
export function gatewayRequestFor(entry: PlannedModel, request: CreateGenerationRequest): VideoGenerationRequest {
  const { settings } = entry.plan;
  const shared = request.settings;
  const frames = (["first_frame", "last_frame"] as const).flatMap((frameType) => {
    const url = shared[frameType];
    return url === undefined ? [] : [{ type: "image_url" as const, image_url: { url }, frame_type: frameType }];
  });
  return {
    model: entry.model.id,
    prompt: request.prompt,
    ...(settings.duration !== null ? { duration: settings.duration } : {}),
    ...(settings.resolution !== null ? { resolution: settings.resolution as VideoGenerationRequest["resolution"] } : {}),
    ...(settings.aspect_ratio !== null ? { aspect_ratio: settings.aspect_ratio as VideoGenerationRequest["aspect_ratio"] } : {}),
    // Only to a model that makes audio: the others refuse the field's `true` and ignore its absence.
    ...(entry.model.generate_audio === true ? { generate_audio: settings.audio } : {}),
    ...(shared.seed !== undefined ? { seed: shared.seed } : {}),
    ...(frames.length > 0 ? { frame_images: frames } : {}),
  };
}

import "server-only";
import type { CreateGenerationRequest } from "@/lib/contract/bff/video-generations";
import { VideoModelSchema, type VideoGenerationRequest, type VideoModel } from "@/lib/contract/gateway";
import { planForModel, type ModelPlan } from "@/lib/video-models/generation-settings";
import { HttpError } from "../http/errors";

export interface PlannedModel {
  model: VideoModel;
  plan: ModelPlan;
  /** What the spending guard counts: the SKU calculator's estimate in USD, or the operator's ceiling for an unpriced model. */
  estimateUsd: number;
  /** False when the model's prices give no estimate and `estimateUsd` is the ceiling. */
  priced: boolean;
}

export interface GenerationPlan {
  models: PlannedModel[];
  /** Sum of what each model counts (estimates and ceilings). */
  totalUsd: number;
  /** False when some model is counted at the ceiling rather than at an estimate. */
  complete: boolean;
}

export interface PlanOptions {
  /** VIDEO_UNPRICED_MODEL_CEILING_USD: what a model without an estimate counts; unset, such a model is refused. */
  unpricedCeilingUsd?: number;
}

/**
 * The model's estimate, or why there is none. A price per second (or minute) with no length to
 * multiply it by is no estimate either: the calculator's $0 for it would pass every spending limit.
 */
function pricedUsd(plan: ModelPlan): { usd: number } | { reason: string } {
  const { cost } = plan;
  if (cost.kind !== "estimate") return { reason: cost.reason };
  if ((cost.sku.unit === "second" || cost.sku.unit === "minute") && plan.settings.duration === null) {
    return { reason: `priced per ${cost.sku.unit} but its length is not known` };
  }
  return { usd: cost.usd };
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
 * those settings. A model whose cost cannot be estimated is refused too (the spending limits could not
 * count it), unless the operator set a ceiling to count it at. Nothing is submitted, nothing charged.
 */
export function planGeneration(request: CreateGenerationRequest, catalog: Map<string, VideoModel>, options: PlanOptions = {}): GenerationPlan {
  const issues: { path: string; message: string }[] = [];
  const unsupported: { model: string; field: string; message: string; supported: (string | number)[] }[] = [];
  const unpriced: { model: string; reason: string }[] = [];
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
    if (plan.unsupported.length > 0) return;
    const priced = pricedUsd(plan);
    if ("usd" in priced) {
      models.push({ model, plan, estimateUsd: priced.usd, priced: true });
    } else if (options.unpricedCeilingUsd !== undefined) {
      models.push({ model, plan, estimateUsd: options.unpricedCeilingUsd, priced: false });
    } else {
      unpriced.push({ model: id, reason: priced.reason });
      issues.push({
        path: `models[${index}]`,
        message: `models[${index}]: ${id} has no price to estimate its cost from (${priced.reason}), so the spending limits cannot count it; choose a priced model, or ask the operator to set VIDEO_UNPRICED_MODEL_CEILING_USD`,
      });
    }
  });
  if (issues.length > 0) {
    throw new HttpError(400, issues.map((issue) => issue.message).join("; "), { metadata: { issues, unsupported, unpriced } });
  }
  return {
    models,
    totalUsd: models.reduce((sum, entry) => sum + entry.estimateUsd, 0),
    complete: models.every((entry) => entry.priced),
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

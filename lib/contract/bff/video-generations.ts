import { z } from "zod";
import { VIDEO_ASPECT_RATIOS, VIDEO_LIMITS, VIDEO_RESOLUTIONS } from "@/lib/contract/gateway/videos";
import { FRAME_URL_MAX_CHARS, frameUrlProblem } from "@/lib/video-models/generation-frames";
import { frameHostProblem } from "./video-frame-host";

/**
 * The BFF's video-generation routes (/api/videos/generations, issue 18): one prompt on 1–4 models
 * with shared settings, recorded in the app database. Pure, so the generation page parses with it too.
 */

export const MAX_MODELS_PER_GENERATION = 4;

/**
 * An https URL on a public host name (frameHostProblem: the gateway fetches it), or a base64 data: URL of
 * a PNG, JPEG or WebP image of at most 1 MB whose bytes are that type.
 */
const FrameUrlSchema = z
  .string()
  .min(1)
  .max(FRAME_URL_MAX_CHARS)
  .superRefine((url, ctx) => {
    const problem = frameUrlProblem(url) ?? frameHostProblem(url);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** Settings shared by every model of a generation; left out, each model takes its own default. */
export const GenerationSettingsSchema = z.strictObject({
  duration: z.number().int().min(1).max(600).optional(),
  resolution: z.enum(VIDEO_RESOLUTIONS).optional(),
  aspect_ratio: z.enum(VIDEO_ASPECT_RATIOS).optional(),
  audio: z.boolean().optional(),
  seed: z.number().int().min(0).max(2 ** 32 - 1).optional(),
  /** Image URLs (https or data:) the video starts and ends on. */
  first_frame: FrameUrlSchema.optional(),
  last_frame: FrameUrlSchema.optional(),
});
export type GenerationSettings = z.infer<typeof GenerationSettingsSchema>;

/**
 * The settings of a recorded generation as the routes answer them: a frame image sent as a data: URL is
 * given as the same-origin path that serves it (generationFramePath), so a poll or a history page does
 * not carry megabytes of images again and again; an https frame stays as it was sent.
 */
export const RecordedGenerationSettingsSchema = GenerationSettingsSchema.extend({
  first_frame: z.string().optional(),
  last_frame: z.string().optional(),
});
export type RecordedGenerationSettings = z.infer<typeof RecordedGenerationSettingsSchema>;

/** Where the BFF serves the frame image a generation was sent as a data: URL. */
export function generationFramePath(generationId: string, frame: "first_frame" | "last_frame"): string {
  return `/api/videos/generations/${encodeURIComponent(generationId)}/frames/${frame}`;
}

export const CreateGenerationRequestSchema = z.strictObject({
  prompt: z.string().trim().min(1, { message: "must not be empty" }).max(VIDEO_LIMITS.promptChars),
  models: z
    .array(z.string().min(1).max(256))
    .min(1, { message: "must name at least one model" })
    .max(MAX_MODELS_PER_GENERATION, { message: `must name at most ${MAX_MODELS_PER_GENERATION} models` })
    .refine((models) => new Set(models).size === models.length, { message: "must not name a model twice" }),
  settings: GenerationSettingsSchema.default({}),
});
export type CreateGenerationRequest = z.infer<typeof CreateGenerationRequestSchema>;

/** Printable ASCII without spaces, as Stripe and the IETF draft use (and the embedded gateway checks). */
export const IdempotencyKeySchema = z
  .string({ error: "is required: send a new random key per generation, the same one when retrying it" })
  // eslint-disable-next-line no-restricted-syntax -- built once from a constant (the key's length limit), never from input
  .regex(new RegExp(`^[\\x21-\\x7e]{1,${VIDEO_LIMITS.idempotencyKeyChars}}$`), {
    message: `must be 1 to ${VIDEO_LIMITS.idempotencyKeyChars} printable ASCII characters without spaces`,
  });

export const GenerationJobSchema = z.object({
  model: z.string(),
  /** The gateway's job id; null when the gateway refused the submission. */
  job_id: z.string().nullable(),
  /** The gateway's status (pending, in_progress, completed, failed, ...) or `cancelled` by a user here. */
  status: z.string(),
  error: z.string().nullable(),
  estimated_cost: z.number().nullable(),
  /** What the gateway charged, once it says. */
  cost: z.number().nullable(),
  submitted_at: z.string(),
  completed_at: z.string().nullable(),
  /** Same-origin URL of the video (the BFF relays it), once completed. */
  content_url: z.string().nullable(),
});
export type GenerationJob = z.infer<typeof GenerationJobSchema>;

export const GenerationSchema = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  created_at: z.string(),
  prompt: z.string(),
  models: z.array(z.string()),
  settings: RecordedGenerationSettingsSchema,
  /** Sum of the models' estimates; a model without one counts at the operator's ceiling and `estimate_complete` is then false. */
  estimated_cost: z.number(),
  estimate_complete: z.boolean(),
  jobs: z.array(GenerationJobSchema),
});
export type Generation = z.infer<typeof GenerationSchema>;

export const GenerationEnvelopeSchema = z.object({ data: GenerationSchema });
export const GenerationListResponseSchema = z.object({ data: z.array(GenerationSchema), next_cursor: z.string().nullable() });
export type GenerationListResponse = z.infer<typeof GenerationListResponseSchema>;

export const GenerationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

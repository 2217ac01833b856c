import { z } from "zod";

/*
 * Video generation: POST /videos, GET /videos/{jobId}, GET /videos/{jobId}/content (the reference's
 * VideoGenerationRequest and VideoGenerationResponse). The request is strict on what the OpenAPI
 * fixes (its enums, duration >= 1, an https callback) and keeps unknown top-level fields; whether a
 * model supports a value is the gateway's check against its catalog, not this schema's. The job
 * reader is tolerant: a status outside today's six, a missing field the OpenAPI marks optional, or a
 * field it does not know yet still parses.
 */

/** aspect_ratio values the OpenAPI allows. */
export const VIDEO_ASPECT_RATIOS = ["16:9", "9:16", "1:1", "4:3", "3:4", "3:2", "2:3", "21:9", "9:21"] as const;
/** resolution values the OpenAPI allows. */
export const VIDEO_RESOLUTIONS = ["480p", "720p", "768p", "1080p", "1K", "2K", "4K"] as const;
export const VIDEO_FRAME_TYPES = ["first_frame", "last_frame"] as const;
/** The job statuses the OpenAPI names; pending and in_progress are the ones still moving. */
export const VIDEO_JOB_STATUSES = ["pending", "in_progress", "completed", "failed", "cancelled", "expired"] as const;
export type VideoJobStatus = (typeof VIDEO_JOB_STATUSES)[number];

/** Bounds of ours on free-form input, so one request cannot make the gateway store or hash megabytes. */
export const VIDEO_LIMITS = {
  promptChars: 4000,
  urlChars: 8192,
  /** A frame image may be a base64 data: URL (as the reference allows for images): one of a 1 MB image fits. */
  frameImageUrlChars: 1_500_000,
  inputReferences: 8,
  idempotencyKeyChars: 255,
} as const;

export const FrameImageSchema = z.looseObject({
  type: z.literal("image_url"),
  image_url: z.looseObject({ url: z.string().min(1).max(VIDEO_LIMITS.frameImageUrlChars) }),
  frame_type: z.enum(VIDEO_FRAME_TYPES),
});
export type FrameImage = z.infer<typeof FrameImageSchema>;

/** An image, audio or video reference (the reference's InputReference); only the kind is checked here. */
export const InputReferenceSchema = z.looseObject({
  type: z.enum(["image_url", "audio_url", "video_url"]),
});

export const VideoGenerationRequestSchema = z
  .looseObject({
    model: z.string().min(1).max(256),
    prompt: z.string().max(VIDEO_LIMITS.promptChars).optional(),
    aspect_ratio: z.enum(VIDEO_ASPECT_RATIOS).optional(),
    resolution: z.enum(VIDEO_RESOLUTIONS).optional(),
    duration: z.number().int().min(1).optional(),
    size: z
      .string()
      .regex(/^[1-9]\d{0,4}x[1-9]\d{0,4}$/, 'must be "WIDTHxHEIGHT" in pixels, e.g. "1280x720"')
      .optional(),
    generate_audio: z.boolean().optional(),
    seed: z.number().int().optional(),
    frame_images: z
      .array(FrameImageSchema)
      .max(2)
      .refine((frames) => new Set(frames.map((frame) => frame.frame_type)).size === frames.length, "must not give the same frame_type twice")
      .optional(),
    input_references: z.array(InputReferenceSchema).max(VIDEO_LIMITS.inputReferences).optional(),
    callback_url: z
      .url()
      .max(VIDEO_LIMITS.urlChars)
      .refine((url) => url.startsWith("https://"), "must be an https URL")
      .optional(),
    provider: z.looseObject({ options: z.record(z.string(), z.record(z.string(), z.unknown())).optional() }).optional(),
    creativity: z.number().int().optional(),
    upscale_factor: z.number().gt(0).optional(),
  });
export type VideoGenerationRequest = z.infer<typeof VideoGenerationRequestSchema>;

export const VideoGenerationUsageSchema = z.looseObject({
  cost: z.number().nullable().optional(),
  is_byok: z.boolean().optional(),
});
export type VideoGenerationUsage = z.infer<typeof VideoGenerationUsageSchema>;

/** 202 of POST /videos and 200 of GET /videos/{jobId}. */
export const VideoJobSchema = z.looseObject({
  id: z.string().min(1),
  polling_url: z.string(),
  // A plain string: a status added later must not make a job unreadable (isVideoJobFinished says what to do).
  status: z.string(),
  generation_id: z.string().optional(),
  error: z.string().optional(),
  unsigned_urls: z.array(z.string()).optional(),
  usage: VideoGenerationUsageSchema.optional(),
});
export type VideoJob = z.infer<typeof VideoJobSchema>;

/** Whether a job will not change any more: anything but pending and in_progress (an unknown status included). */
export function isVideoJobFinished(status: string): boolean {
  return status !== "pending" && status !== "in_progress";
}

/** Query of GET /videos/{jobId}/content: which of the job's videos (0 when absent). */
export const VideoContentQuerySchema = z.looseObject({
  index: z
    .string()
    .regex(/^\d{1,9}$/, "must be a whole number, 0 or more")
    .transform(Number)
    .optional(),
});

import { z } from "zod";
import { ListReadMetadataSchema } from "./tolerant";

/**
 * A video generation model (contract 2.4, widened to the reference's VideoModel). Option lists are
 * plain strings rather than the reference's enums so a new ratio or resolution does not break the
 * catalog; upscale_factor, creativity and hugging_face_id exist on the real gateway only.
 */
export const VideoModelSchema = z.looseObject({
  id: z.string(),
  canonical_slug: z.string(),
  name: z.string(),
  description: z.string().optional(),
  created: z.number().int(),
  generate_audio: z.boolean().nullable(),
  pricing_skus: z.record(z.string(), z.string()).nullable().optional(),
  seed: z.boolean().nullable(),
  supported_aspect_ratios: z.array(z.string()).nullable(),
  supported_durations: z.array(z.number().int()).nullable(),
  supported_frame_images: z.array(z.string()).nullable(),
  supported_resolutions: z.array(z.string()).nullable(),
  supported_sizes: z.array(z.string()).nullable(),
  allowed_passthrough_parameters: z.array(z.string()),
  upscale_factor: z
    .looseObject({ min: z.number().nullable().optional(), max: z.number().nullable().optional() })
    .nullable()
    .optional(),
  creativity: z.array(z.number().int()).nullable().optional(),
  hugging_face_id: z.string().nullable().optional(),
});
export type VideoModel = z.infer<typeof VideoModelSchema>;

/** 200 body of GET /videos/models; the BFF's answer adds metadata.skipped (entries it could not read and left out). */
export const VideoModelListResponseSchema = z.looseObject({ data: z.array(VideoModelSchema), metadata: ListReadMetadataSchema.optional() });
export type VideoModelListResponse = z.infer<typeof VideoModelListResponseSchema>;

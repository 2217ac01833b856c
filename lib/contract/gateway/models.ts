import { z } from "zod";
import { ListReadMetadataSchema } from "./tolerant";

/**
 * A language model as GET /models lists it. The real catalog entry has many more fields
 * (architecture, pricing, top_provider, ...); readers keep them (loose) and need only these.
 * The embedded gateway adds first_token_delay_ms and tokens_per_second so a comparison UI can
 * say why two of its demo models feel different.
 */
export const ModelSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  created: z.number().int().optional(),
  context_length: z.number().int().nullable().optional(),
  first_token_delay_ms: z.number().int().min(0).optional(),
  tokens_per_second: z.number().positive().optional(),
});
export type Model = z.infer<typeof ModelSchema>;

/** 200 body of GET /models; the BFF's answer adds metadata.skipped (entries it could not read and left out). */
export const ModelListResponseSchema = z.looseObject({ data: z.array(ModelSchema), metadata: ListReadMetadataSchema.optional() });
export type ModelListResponse = z.infer<typeof ModelListResponseSchema>;

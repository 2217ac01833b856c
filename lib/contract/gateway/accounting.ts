import { z } from "zod";

/**
 * The gateway's accounting reads, as the published OpenAPI describes them: GET /generation?id= (one answer's cost,
 * tokens and provider), /credits (totals, management key), /key (the calling key's usage) and /activity (per UTC
 * day and model over the last 30 completed days, management key). Loose objects: readers keep fields added later
 * and need only these. The ledger settles from /generation where an answer carried no cost.
 */

export const GenerationSchema = z.looseObject({
  id: z.string(),
  model: z.string(),
  created_at: z.string(),
  total_cost: z.number(),
  provider_name: z.string().nullable(),
  latency: z.number().nullable(),
  tokens_prompt: z.number().nullable(),
  tokens_completion: z.number().nullable(),
  num_search_results: z.number().nullable(),
  streamed: z.boolean().nullable(),
  cancelled: z.boolean().nullable(),
  finish_reason: z.string().nullable(),
});
export type Generation = z.infer<typeof GenerationSchema>;
export const GenerationEnvelopeSchema = z.looseObject({ data: GenerationSchema });

export const CreditsEnvelopeSchema = z.looseObject({ data: z.looseObject({ total_credits: z.number(), total_usage: z.number() }) });

export const KeyEnvelopeSchema = z.looseObject({
  data: z.looseObject({
    label: z.string(),
    limit: z.number().nullable(),
    usage: z.number(),
    usage_daily: z.number(),
    usage_weekly: z.number(),
    usage_monthly: z.number(),
    is_free_tier: z.boolean(),
  }),
});

export const ActivityItemSchema = z.looseObject({
  date: z.string(),
  model: z.string(),
  model_permaslug: z.string(),
  endpoint_id: z.string(),
  provider_name: z.string(),
  usage: z.number(),
  byok_usage_inference: z.number(),
  requests: z.number(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  reasoning_tokens: z.number(),
});
export const ActivityResponseSchema = z.looseObject({ data: z.array(ActivityItemSchema) });

import { z } from "zod";
import { ErrorDataSchema } from "@/lib/contract/gateway/errors";

/**
 * What one item (version × question × repeat) produced, as the runner stores it and the checks
 * read it. Offsets of citations are the gateway's: code points into `answer`.
 */
/** @public API of lib/evaluations for the runner, pages and CLI. */
export const EvaluationCitationSchema = z.looseObject({
  url: z.string(),
  title: z.string().optional(),
  start_index: z.number().int().min(0),
  end_index: z.number().int().min(0),
  /** The cited source text, when the gateway sends it with the annotation. */
  content: z.string().optional(),
});
export type EvaluationCitation = z.infer<typeof EvaluationCitationSchema>;

/** A source the web search returned (web_search_call / openrouter:web_search items). */
/** @public API of lib/evaluations for the runner, pages and CLI. */
export const EvaluationSourceSchema = z.looseObject({
  url: z.string(),
  title: z.string().optional(),
  snippet: z.string().optional(),
  published_at: z.string().nullable().optional(),
});
export type EvaluationSource = z.infer<typeof EvaluationSourceSchema>;

/** @public API of lib/evaluations for the runner, pages and CLI. */
export const ItemResultSchema = z.looseObject({
  answer: z.string(),
  citations: z.array(EvaluationCitationSchema),
  sources: z.array(EvaluationSourceSchema),
  /** Total cost the gateway reported (usage.cost), null when it reported none. */
  cost_usd: z.number().min(0).nullable(),
  /** The web search part of cost_usd, when known; the rest counts as model tokens. */
  web_search_cost_usd: z.number().min(0).nullable().optional(),
  /** What the judge calls grading this answer cost (not part of cost_usd, which is the answer's own). */
  judge_cost_usd: z.number().min(0).nullable().optional(),
  latency_ms: z.number().min(0).nullable(),
  ttft_ms: z.number().min(0).nullable(),
  /** Set when the item failed; the contract's error shape. */
  error: ErrorDataSchema.nullable().optional(),
});
export type ItemResult = z.infer<typeof ItemResultSchema>;

import { z } from "zod";

/**
 * Evaluation runs and their live progress: GET /api/evaluations/runs/{id}, polled every second by the run page while
 * the run runs, and GET /api/evaluations/runs, the list. Apart from evaluations.ts (which re-exports them) because those
 * pages load these with their first poll: they need zod alone, not the check parser and its regular-expression
 * engine that run requests are validated with. A run's progress is counts, spending and a bounded list of the
 * latest errors: its size does not grow with the run's items (GET /api/evaluations/runs/{id}/items pages those).
 */

export const EvaluationRunSchema = z.object({
  id: z.string(),
  /** What the pages call the run: given when it starts ("web-research v2 vs v3 · Capitals"), renamed by its creator or an admin. */
  name: z.string(),
  user_id: z.string(),
  set_id: z.string(),
  set_version: z.number(),
  status: z.enum(["running", "cancelled", "finished", "stopped"]),
  stop_reason: z.string().nullable(),
  cap_usd: z.number(),
  item_reserve_usd: z.number(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
  plan: z.record(z.string(), z.unknown()),
  /** The estimate the run started with, from its real requests: low (short answers) to high (what the ledger reserves). */
  estimate: z.object({ low_usd: z.number(), high_usd: z.number() }).nullable().optional(),
});
export type EvaluationRun = z.infer<typeof EvaluationRunSchema>;
export const EvaluationRunEnvelopeSchema = z.object({ data: EvaluationRunSchema });

const CountsSchema = z.object({ done: z.number(), failed: z.number(), pending: z.number(), running: z.number(), cancelled: z.number(), total: z.number() });
/**
 * Spending as the run's ledger counts it: `spent_usd` its calls' settled costs plus the reserves kept by calls whose
 * cost nobody learned (`unknown_usd` of it); `in_flight_usd` the reserves of calls still running (not yet spent).
 */
const SpendingSchema = z.object({ spent_usd: z.number(), unknown_usd: z.number().optional(), in_flight_usd: z.number().optional() });
const TotalsSchema = CountsSchema.extend(SpendingSchema.shape);
const EvaluationVersionProgressSchema = CountsSchema.extend({ version_index: z.number(), id: z.string(), label: z.string(), ...SpendingSchema.shape });
export type EvaluationVersionProgress = z.infer<typeof EvaluationVersionProgressSchema>;

/** How many of the latest failed items the progress carries. */
export const RECENT_ERRORS_MAX = 5;

/** A failed item as the progress shows it: which one, and the error it recorded (the contract's message). */
const RecentErrorSchema = z.object({
  position: z.number(),
  version_index: z.number(),
  question_index: z.number(),
  repeat_index: z.number(),
  /** The gateway's HTTP status, or 502 for a stream that broke; null when the error recorded none. */
  status: z.number().nullable(),
  message: z.string(),
  ended_at: z.string().nullable(),
});
export type EvaluationRecentError = z.infer<typeof RecentErrorSchema>;

const EvaluationRunDetailSchema = EvaluationRunSchema.extend({
  progress: z.object({
    versions: z.array(EvaluationVersionProgressSchema),
    totals: TotalsSchema,
    /** Seconds until every item is answered at the pace so far (elapsed per ended item); null before any ends or once the run ended. */
    eta_seconds: z.number().nullable(),
    /** The latest failed items, newest first, at most RECENT_ERRORS_MAX. */
    recent_errors: z.array(RecentErrorSchema).max(RECENT_ERRORS_MAX),
    /** Once the run ended: what its answers cost, split into model tokens, web search and judge (lib/evaluations/cost-split.ts). */
    cost_split: z.object({ tokens_usd: z.number(), web_search_usd: z.number(), judge_usd: z.number(), total_usd: z.number() }).nullable().optional(),
  }),
});
export type EvaluationRunDetail = z.infer<typeof EvaluationRunDetailSchema>;
export const EvaluationRunDetailEnvelopeSchema = z.object({ data: EvaluationRunDetailSchema });

/**
 * A run in the list: what the lists show, never its plan (the versions' requests, system prompts included, are
 * read from GET /api/evaluations/runs/{id}): the versions' ids and labels with their pass counts, its items' counts by
 * status and its spending.
 */
const EvaluationRunSummarySchema = EvaluationRunSchema.omit({ plan: true }).extend({
  versions: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      /** The version's items that ended (done or failed) so far, and those that passed: done, every check passed. */
      ended: z.number().int().nonnegative(),
      passed: z.number().int().nonnegative(),
    }),
  ),
  totals: TotalsSchema,
});
export type EvaluationRunSummary = z.infer<typeof EvaluationRunSummarySchema>;
/** A page of runs, newest first; `next_cursor` asks for the next (null: this was the last). */
export const EvaluationRunListResponseSchema = z.object({ data: z.array(EvaluationRunSummarySchema), next_cursor: z.string().nullable() });
export type EvaluationRunListResponse = z.infer<typeof EvaluationRunListResponseSchema>;

/** Runs per page of GET /api/evaluations/runs: by default, and at most. */
export const EVAL_RUN_PAGE = { default: 20, max: 50 } as const;

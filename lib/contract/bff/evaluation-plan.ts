import { z } from "zod";
import { CHECK_LIMITS } from "@/lib/evaluations/checks";

/**
 * What an evaluation run executes, stored with the run (eval_runs.plan) when it starts, so a restart, another
 * instance or a later look at the results reads the same plan whatever changed since (a preset saved again, a
 * question set edited: the run pins the set's version).
 */

/**
 * The limits of a plan: one definition, read by the run request's schema (evaluations.ts, checked at creation)
 * and by the runner (which parses the stored plan with EvaluationPlanSchema), so a run the API accepts is a run the
 * runner can execute.
 */
export const EVAL_PLAN_LIMITS = {
  versionsMax: 4,
  repeatsMax: 3,
  concurrencyMax: 16,
  concurrencyDefault: 4,
  checksMax: CHECK_LIMITS.checksMax,
} as const;

/** USD per token / per request / per search (result) from the catalog. */
const PlanPricingSchema = z.strictObject({ prompt: z.number().min(0), completion: z.number().min(0), request: z.number().min(0), web_search: z.number().min(0) });

/** One version under test: a preset version resolved to its request settings, or a bare model id. */
const EvaluationVersionSchema = z.strictObject({
  /** Stable id within the run: "@preset/web-research@2", "gatehouse/swift". */
  id: z.string().min(1).max(300),
  /** What the pages call it: "web-research v2". */
  label: z.string().min(1).max(300),
  /** The /responses request without `input` and `stream`: the version's settings. */
  request: z.record(z.string(), z.unknown()),
  /** USD per token / per request / per search from the catalog, for gateways that report no cost. */
  pricing: PlanPricingSchema.optional(),
});
export type EvaluationVersion = z.infer<typeof EvaluationVersionSchema>;

export const EvaluationPlanSchema = z.strictObject({
  versions: z.array(EvaluationVersionSchema).min(1).max(EVAL_PLAN_LIMITS.versionsMax),
  repeats: z.number().int().min(1).max(EVAL_PLAN_LIMITS.repeatsMax),
  concurrency: z.number().int().min(1).max(EVAL_PLAN_LIMITS.concurrencyMax).default(EVAL_PLAN_LIMITS.concurrencyDefault),
  /** Check specs as lib/evaluations parses them (CheckListSchema, the same bound); run per item when its answer is stored. */
  checks: z.array(z.unknown()).max(EVAL_PLAN_LIMITS.checksMax).default([]),
  judge_model: z.string().min(1).max(300).optional(),
  /** The pass threshold of graded checks (judge, expected) that name none; 0.5 when unset. */
  judge_threshold: z.number().min(0).max(1).optional(),
  /** The judge model's prices, for what each judge call reserves on the ledger (runs stored before: the minimum). */
  judge_pricing: PlanPricingSchema.optional(),
});

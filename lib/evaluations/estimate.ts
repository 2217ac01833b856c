import { z } from "zod";
import { usesJudge, type CheckSpec } from "./checks";

/**
 * The catalog's pricing as GET /models carries it: decimal strings in USD per token (prompt,
 * completion), per request and per web search. OpenRouter writes "-1" for a router whose price
 * depends on the model it picks: that reads as unknown.
 */
/** @public API of lib/evaluations for the runner, pages and CLI. */
export const ModelPricingSchema = z.looseObject({
  prompt: z.string(),
  completion: z.string(),
  request: z.string().optional(),
  web_search: z.string().optional(),
});

export interface Pricing {
  promptUsdPerToken: number;
  completionUsdPerToken: number;
  requestUsd: number;
  webSearchUsd: number;
}

function price(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === "") return 0;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Reads a catalog entry's `pricing`; null when absent, malformed or variable ("-1"). */
export function readPricing(raw: unknown): Pricing | null {
  const parsed = ModelPricingSchema.safeParse(raw);
  if (!parsed.success) return null;
  const values = [price(parsed.data.prompt), price(parsed.data.completion), price(parsed.data.request), price(parsed.data.web_search)];
  if (values.some((v) => v === null)) return null;
  const [prompt, completion, request, webSearch] = values as number[];
  return { promptUsdPerToken: prompt, completionUsdPerToken: completion, requestUsd: request, webSearchUsd: webSearch };
}

/** @public API of lib/evaluations for the runner, pages and CLI. */
export interface PlanTarget {
  /** The version or model id, for messages and the per-target breakdown. */
  id: string;
  /** The target's model pricing; null when the catalog has none (the plan is refused). */
  pricing: Pricing | null;
  /** Web searches one answer is expected to run (0 without search). */
  webSearchesPerRequest: number;
  /** USD per web search when the search is billed apart from the model (e.g. the web plugin's per-result price); defaults to pricing.webSearchUsd. */
  webSearchUsd?: number;
  /** Expected tokens; the plan's defaults when absent. */
  inputTokens?: number;
  outputTokens?: number;
}

export interface Plan {
  targets: readonly PlanTarget[];
  questions: number;
  repeats: number;
  checks: readonly CheckSpec[];
  /** Defaults for a target's expected tokens. */
  inputTokens: number;
  outputTokens: number;
  /** The judge model for judge / support checks; needed only when a check uses it. */
  judge?: { pricing: Pricing | null; inputTokensPerCall: number; outputTokensPerCall: number };
  /** Citations expected per answer: the support check makes one judge call for each. */
  citationsPerAnswer: number;
  /** The rows' own checks (and allowed domains), on top of `checks`: one entry per row that has any. */
  rowChecks?: readonly (readonly CheckSpec[])[];
  /** The run's spending cap. */
  capUsd?: number;
  /** The user's daily model spending limit and what the last 24 hours already spent. */
  daily?: { limitUsd: number; spentUsd: number };
}

/** @public API of lib/evaluations for the runner, pages and CLI. */
export type RefusalCode = "over_plan_cap" | "over_daily_limit" | "unknown_pricing";

/** @public API of lib/evaluations for the runner, pages and CLI. */
export interface Refusal {
  code: RefusalCode;
  message: string;
  limit_usd?: number;
  estimated_cost_usd?: number;
  spent_usd?: number;
  target?: string;
}

/** @public API of lib/evaluations for the runner, pages and CLI. */
export interface TargetEstimate {
  id: string;
  items: number;
  model_tokens_usd: number;
  web_search_usd: number;
  judge_usd: number;
  total_usd: number;
}

export interface Estimate {
  items: number;
  judge_calls: number;
  model_tokens_usd: number;
  web_search_usd: number;
  judge_usd: number;
  total_usd: number;
  targets: TargetEstimate[];
  /** Empty when the plan may start. */
  refusals: Refusal[];
}

/** Float noise (0.1 × 3) must not refuse a plan that is exactly at a limit. */
const EPSILON = 1e-9;

const usd = (value: number) => `$${value < 1 ? value.toFixed(4) : value.toFixed(2)}`;

/** Judge calls one answer costs: one per judge check, one per expected citation per support check. */
export function judgeCallsPerItem(checks: readonly CheckSpec[], citationsPerAnswer: number): number {
  return checks.filter(usesJudge).reduce((sum, check) => sum + (check.kind === "citation-support" ? citationsPerAnswer : 1), 0);
}

/**
 * What a plan should cost: targets × questions × repeats × (tokens × prices + request price +
 * searches × search price), plus the judge calls its checks make. Refusals are data (the page
 * shows them, the CLI prints them): over the plan's cap, over the daily limit, or a price unknown.
 */
export function estimatePlan(plan: Plan): Estimate {
  const itemsPerTarget = plan.questions * plan.repeats;
  // Judge calls per answer on average: the run's checks on every row, each row's own checks on that row only.
  const rowCalls = (plan.rowChecks ?? []).reduce((sum, checks) => sum + judgeCallsPerItem(checks, plan.citationsPerAnswer), 0);
  const callsPerItem = judgeCallsPerItem(plan.checks, plan.citationsPerAnswer) + (plan.questions > 0 ? rowCalls / plan.questions : 0);
  const judgeCallUsd = plan.judge?.pricing
    ? plan.judge.inputTokensPerCall * plan.judge.pricing.promptUsdPerToken + plan.judge.outputTokensPerCall * plan.judge.pricing.completionUsdPerToken + plan.judge.pricing.requestUsd
    : 0;
  const refusals: Refusal[] = [];

  const targets = plan.targets.map((target): TargetEstimate => {
    const p = target.pricing;
    if (p === null) refusals.push({ code: "unknown_pricing", target: target.id, message: `The price of ${target.id} is unknown, so the run's cost cannot be estimated.` });
    const tokens = p ? (target.inputTokens ?? plan.inputTokens) * p.promptUsdPerToken + (target.outputTokens ?? plan.outputTokens) * p.completionUsdPerToken + p.requestUsd : 0;
    const search = target.webSearchesPerRequest * (target.webSearchUsd ?? p?.webSearchUsd ?? 0);
    const judge = callsPerItem * judgeCallUsd;
    return {
      id: target.id,
      items: itemsPerTarget,
      model_tokens_usd: tokens * itemsPerTarget,
      web_search_usd: search * itemsPerTarget,
      judge_usd: judge * itemsPerTarget,
      total_usd: (tokens + search + judge) * itemsPerTarget,
    };
  });
  if (callsPerItem > 0 && (!plan.judge || plan.judge.pricing === null)) {
    refusals.push({ code: "unknown_pricing", target: "judge", message: "The judge model's price is unknown, so the judge checks' cost cannot be estimated." });
  }

  const sum = (pick: (t: TargetEstimate) => number) => targets.reduce((total, t) => total + pick(t), 0);
  const total = sum((t) => t.total_usd);
  if (plan.capUsd !== undefined && total > plan.capUsd + EPSILON) {
    refusals.push({ code: "over_plan_cap", limit_usd: plan.capUsd, estimated_cost_usd: total, message: `The estimated cost, ${usd(total)}, is over this run's cap of ${usd(plan.capUsd)}.` });
  }
  if (plan.daily && plan.daily.spentUsd + total > plan.daily.limitUsd + EPSILON) {
    const { limitUsd, spentUsd } = plan.daily;
    refusals.push({
      code: "over_daily_limit",
      limit_usd: limitUsd,
      spent_usd: spentUsd,
      estimated_cost_usd: total,
      message: `The estimated cost, ${usd(total)}, with the ${usd(spentUsd)} spent in the last 24 hours is over your limit of ${usd(limitUsd)} a day.`,
    });
  }
  return {
    items: itemsPerTarget * plan.targets.length,
    judge_calls: Math.round(callsPerItem * itemsPerTarget * plan.targets.length),
    model_tokens_usd: sum((t) => t.model_tokens_usd),
    web_search_usd: sum((t) => t.web_search_usd),
    judge_usd: sum((t) => t.judge_usd),
    total_usd: total,
    targets,
    refusals,
  };
}

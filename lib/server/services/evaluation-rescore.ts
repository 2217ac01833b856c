import "server-only";
import { randomUUID } from "node:crypto";
import { EvalPlanSchema } from "@/lib/contract/bff/evaluation-plan";
import type { EvalRescoreEstimate, EvalRescoreRequest, EvalRescoreResult } from "@/lib/contract/bff/evaluation-results";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { usesJudge, type CheckSpec } from "@/lib/eval/checks";
import { SUPPORT_CITATIONS_MAX } from "@/lib/eval/citation-support";
import { evaluateChecks } from "@/lib/eval/evaluate";
import { readPricing } from "@/lib/eval/estimate";
import type { JudgeFn } from "@/lib/eval/judge-protocol";
import { isAnswered, type StoredItem } from "@/lib/eval/results/stored-item";
import { formatUsd } from "@/lib/video-models/money";
import { appContext, type AppContext } from "../config/app-context";
import { serverEnv } from "../config/env";
import { checkPool } from "../evaluation/check-pool";
import { callItem, type SendResponses } from "../evaluation/item-call";
import { HttpError } from "../http/errors";
import { checkDailyModelSpending, modelSpendingLock } from "../spending/model-spending";
import { readModelCatalog } from "./catalog";
import { assertMayWriteRun, EVAL_ESTIMATE_ASSUMPTIONS, parseChecks } from "./evaluation-runs";
import { forgetRun, loadRun, runRowOr404, type LoadedRun } from "./evaluation-results";
import { sendEvaluationResponse } from "./evaluations";
import type { GatewayCharge } from "./gateway-charge";

/**
 * Re-scoring a run: its stored answers scored again with a new check list. The only model called is the judge
 * (judge and citation-support checks); the answers are never asked for again. Its judge spending goes on the
 * editor's model-spending ledger (eval_rescores), checked against the daily limit like a run's cap.
 */

const DEFAULT_JUDGE_MODEL = "gatehouse/judge";
/** Items scored at once: each may make several judge calls of its own (citation support runs 4 at a time). */
const RESCORE_CONCURRENCY = 4;
const EPSILON = 1e-9;


/** Judge calls one stored answer costs under `checks`: the actual citations count (the first 50 judged), not a guess. */
function judgeCallsOf(item: StoredItem, checks: readonly CheckSpec[]): number {
  if (!isAnswered(item)) return 0;
  return checks.filter(usesJudge).reduce((sum, check) => sum + (check.kind === "judge" ? 1 : Math.min(item.result.citations.length, SUPPORT_CITATIONS_MAX)), 0);
}

interface Prepared {
  run: LoadedRun;
  checks: CheckSpec[];
  judgeModel: string;
  items: StoredItem[];
  estimate: EvalRescoreEstimate;
}

async function spentToday(context: AppContext, userId: string): Promise<number> {
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  const [video, evaluations] = await Promise.all([context.videoGenerations.chargesSince(userId, since), context.evalRuns.chargesSince(userId, since)]);
  return [...video, ...evaluations].reduce((sum, charge) => sum + charge.usd, 0);
}

async function prepare(context: AppContext, charge: GatewayCharge, user: SessionUser, id: string, body: EvalRescoreRequest): Promise<Prepared> {
  const row = await runRowOr404(id);
  // A re-score replaces the run's checks and verdicts for everyone: the run's own writer's to do.
  assertMayWriteRun(user, row, "re-score");
  if (row.status === "running") throw new HttpError(409, "The run is still running; re-score it once it has ended", { metadata: { status: row.status } });
  const checks = parseChecks(body.checks);
  const run = await loadRun(id);
  const items: StoredItem[] = [];
  for (let v = 0; v < run.grid.versions; v++) items.push(...run.grid.ofVersion(v));
  const judgeModel = body.judge_model ?? (EvalPlanSchema.parse(JSON.parse(row.plan)).judge_model || DEFAULT_JUDGE_MODEL);
  const calls = items.reduce((sum, item) => sum + judgeCallsOf(item, checks), 0);
  const refusals: EvalRescoreEstimate["refusals"] = [];
  let judgeUsd = 0;
  if (calls > 0) {
    // The catalog read is the estimate's only gateway call (a price list, not a model).
    const catalog = await readModelCatalog(charge);
    const pricing = readPricing(catalog.data.find((entry) => entry.id === judgeModel)?.pricing);
    if (!pricing) refusals.push({ code: "unknown_pricing", message: `The catalog has no price for the judge model ${judgeModel}.` });
    else {
      const perCall =
        EVAL_ESTIMATE_ASSUMPTIONS.judgeInputTokensPerCall * pricing.promptUsdPerToken + EVAL_ESTIMATE_ASSUMPTIONS.judgeOutputTokensPerCall * pricing.completionUsdPerToken + pricing.requestUsd;
      judgeUsd = perCall * calls;
    }
  }
  const limit = serverEnv().modelMaxCostPerDayUsd;
  const spent = await spentToday(context, user.id);
  if (spent + judgeUsd > limit + EPSILON) {
    refusals.push({
      code: "over_daily_limit",
      limit_usd: limit,
      spent_usd: spent,
      estimated_cost_usd: judgeUsd,
      message: `The re-score's estimated cost, ${formatUsd(judgeUsd)}, with the ${formatUsd(spent)} spent in the last 24 hours is over your limit of ${formatUsd(limit)} a day.`,
    });
  }
  return { run, checks, judgeModel, items, estimate: { items: items.filter(isAnswered).length, judge_calls: calls, judge_model: judgeModel, judge_usd: judgeUsd, refusals } };
}

/** What scoring the stored answers again would cost: judge calls only (refusals as data). */
export async function estimateRescore(charge: GatewayCharge, user: SessionUser, id: string, body: EvalRescoreRequest): Promise<EvalRescoreEstimate> {
  return (await prepare(await appContext(), charge, user, id, body)).estimate;
}

/** The judge through the gateway's /responses, its cost added up. */
function gatewayJudge(send: SendResponses, model: string, signal: AbortSignal, spend: (usd: number) => void): { judge: JudgeFn; calls: () => number } {
  let calls = 0;
  const judge: JudgeFn = async (request, judgeSignal) => {
    calls += 1;
    const reply = await callItem(send, { model, instructions: request.instructions, input: request.input, temperature: 0 }, judgeSignal ?? signal);
    if (reply.kind !== "done") {
      spend(reply.costUsd);
      throw new Error(`The judge model ${model} failed: ${reply.error.message}`);
    }
    spend(reply.result.cost_usd);
    return reply.result.answer;
  };
  return { judge, calls: () => calls };
}

async function forEachBounded<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Scores the stored answers again and stores the new check results (the answers stay). Refused while the run runs
 * (409), with an unpriced judge (400) or over the daily limit (429/402). The reserve (the estimate) is recorded on
 * the ledger under the user's spending lock; what the judge calls cost replaces it at the end. One re-score of a
 * run at a time (409). Answered in one request: bounded by the run's items, RESCORE_CONCURRENCY at a time.
 */
export async function applyRescore(
  charge: GatewayCharge,
  user: SessionUser,
  id: string,
  body: EvalRescoreRequest,
  options: { send?: SendResponses; signal?: AbortSignal } = {},
): Promise<EvalRescoreResult> {
  const context = await appContext();
  const rescoreId = randomUUID();
  const prepared = await context.db.serialize(modelSpendingLock(user.id), async () => {
    const ready = await prepare(context, charge, user, id, body);
    const unpriced = ready.estimate.refusals.find((refusal) => refusal.code === "unknown_pricing");
    if (unpriced) throw new HttpError(400, unpriced.message, { metadata: { refusals: ready.estimate.refusals, issues: [{ path: "judge_model", message: unpriced.message }] } });
    await checkDailyModelSpending(context, user.id, ready.estimate.judge_usd, { subject: "This re-score's", cheaper: "use fewer judge checks" });
    const started = await context.evalRuns.startRescore({ id: rescoreId, runId: id, userId: user.id, checks: ready.checks, reserveUsd: ready.estimate.judge_usd });
    if (!started) throw new HttpError(409, "Another re-score of this run is in progress; try again when it has finished");
    return ready;
  });

  const send = options.send ?? sendEvaluationResponse;
  // Not cancelled with the browser's request: once judge calls are paid for, their verdicts are stored.
  const signal = options.signal ?? new AbortController().signal;
  let spentUsd = 0;
  const { judge, calls } = gatewayJudge(send, prepared.judgeModel, signal, (usd) => (spentUsd += usd));
  const positions = await context.evalRuns.positionsOf(id);
  let status: "done" | "failed" = "failed";
  try {
    await forEachBounded(prepared.items, RESCORE_CONCURRENCY, async (item) => {
      const position = positions.get(`${item.version_index}:${item.question_index}:${item.repeat_index}`);
      if (position === undefined) return;
      const result = isAnswered(item)
        ? item.result
        : { answer: "", citations: [], sources: [], cost_usd: item.cost_usd, latency_ms: null, ttft_ms: null, error: { code: item.error?.code ?? "failed", message: item.error?.message ?? "The item failed." } };
      // The checks without a model call run in the check workers, with their deadline (never on this loop).
      const checks = await evaluateChecks(result, prepared.checks, { judge, signal, local: checkPool().run });
      await context.evalRuns.setChecks(id, position, checks);
    });
    const plan = EvalPlanSchema.parse(JSON.parse(prepared.run.row.plan));
    await context.evalRuns.setPlan(id, { ...plan, checks: prepared.checks, judge_model: prepared.judgeModel });
    status = "done";
  } finally {
    await context.evalRuns.finishRescore(rescoreId, { status, costUsd: spentUsd });
    forgetRun(id);
  }
  const summary = (await loadRun(id)).summary();
  return { items: prepared.estimate.items, judge_calls: calls(), summary };
}

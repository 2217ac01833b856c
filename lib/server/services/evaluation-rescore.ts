import "server-only";
import { randomUUID } from "node:crypto";
import { EvalPlanSchema } from "@/lib/contract/bff/evaluation-plan";
import type { EvalRescoreEstimate, EvalRescoreRequest, EvalRescoreResult } from "@/lib/contract/bff/evaluation-results";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { usesJudge, type CheckSpec } from "@/lib/eval/checks";
import { SUPPORT_CITATIONS_MAX } from "@/lib/eval/citation-support";
import { readPricing } from "@/lib/eval/estimate";
import { isAnswered, type StoredItem } from "@/lib/eval/results/stored-item";
import { checksForRow, evaluateRow } from "@/lib/eval/row-checks";
import { formatUsd } from "@/lib/video-models/money";
import { appContext, type AppContext } from "../config/app-context";
import { serverEnv } from "../config/env";
import { checkPool } from "../evaluation/check-pool";
import type { SendResponses } from "../evaluation/item-call";
import { chooseJudgeModel, gatewayJudge, JUDGE_MAX_OUTPUT_TOKENS } from "../evaluation/judge-model";
import { HttpError } from "../http/errors";
import { callUpperBound, type CallPricing } from "../ledger/call-reserve";
import { checkModelBudget, modelSpendingLock } from "../spending/model-spending";
import { readModelCatalog } from "./catalog";
import { assertMayWriteRun, EVAL_ESTIMATE_ASSUMPTIONS, parseChecks } from "./evaluation-runs";
import { forgetRun, loadRun, runRowOr404, type LoadedRun } from "./evaluation-results";
import { sendEvaluationResponse } from "./evaluations";
import type { GatewayCharge } from "./gateway-charge";

/**
 * Re-scoring a run: its stored answers scored again with a new check list. The only model called is the judge
 * (judge and citation-support checks); the answers are never asked for again. Each judge call reserves on the
 * editor's ledger before it is made and settles after (lib/server/ledger), so the person's budget holds.
 */

/** Items scored at once: each may make several judge calls of its own (citation support runs 4 at a time). */
const RESCORE_CONCURRENCY = 4;
const EPSILON = 1e-9;


/** Judge calls one stored answer costs under `checks`: the actual citations count (the first 50 judged), not a guess. */
function judgeCallsOf(item: StoredItem, checks: readonly CheckSpec[]): number {
  if (!isAnswered(item)) return 0;
  return checks.filter(usesJudge).reduce((sum, check) => sum + (check.kind === "citation-support" ? Math.min(item.result.citations.length, SUPPORT_CITATIONS_MAX) : 1), 0);
}

interface Prepared {
  run: LoadedRun;
  checks: CheckSpec[];
  judgeModel: string | undefined;
  judgeThreshold: number | undefined;
  items: StoredItem[];
  estimate: EvalRescoreEstimate;
  /** The judge model's prices: what each judge call reserves. */
  pricing: CallPricing;
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
  const plan = EvalPlanSchema.parse(JSON.parse(row.plan));
  const rowChecks = (item: StoredItem) => checksForRow(checks, run.questions[item.question_index] ?? { question: "" }).map((entry) => entry.check);
  const calls = items.reduce((sum, item) => sum + judgeCallsOf(item, rowChecks(item)), 0);
  const refusals: EvalRescoreEstimate["refusals"] = [];
  let judgeUsd = 0;
  let judgePricing: CallPricing = { prompt: 0, completion: 0, request: 0, web_search: 0 };
  // The catalog read is the estimate's only gateway call (a price list, not a model).
  const catalog = await readModelCatalog(charge);
  const judgeModel = chooseJudgeModel({
    // A judge asked for now, else the run's own, else the default; each must be one the gateway lists.
    requested: body.judge_model ?? plan.judge_model,
    configured: serverEnv().EVAL_JUDGE_MODEL,
    listed: new Set(catalog.data.map((entry) => entry.id)),
    needed: calls > 0,
    field: "judge_model",
  });
  if (calls > 0 && judgeModel !== undefined) {
    const pricing = readPricing(catalog.data.find((entry) => entry.id === judgeModel)?.pricing);
    if (!pricing) refusals.push({ code: "unknown_pricing", message: `The catalog has no price for the judge model ${judgeModel}.` });
    else {
      judgePricing = { prompt: pricing.promptUsdPerToken, completion: pricing.completionUsdPerToken, request: pricing.requestUsd, web_search: pricing.webSearchUsd };
      const perCall =
        EVAL_ESTIMATE_ASSUMPTIONS.judgeInputTokensPerCall * pricing.promptUsdPerToken + EVAL_ESTIMATE_ASSUMPTIONS.judgeOutputTokensPerCall * pricing.completionUsdPerToken + pricing.requestUsd;
      judgeUsd = perCall * calls;
    }
  }
  const { day } = await context.ledger.budget(user.id);
  const limit = day.limitUsd;
  const spent = day.spentUsd;
  if (spent + judgeUsd > limit + EPSILON) {
    refusals.push({
      code: "over_daily_limit",
      limit_usd: limit,
      spent_usd: spent,
      estimated_cost_usd: judgeUsd,
      message: `The re-score's estimated cost, ${formatUsd(judgeUsd)}, with the ${formatUsd(spent)} spent today (UTC) is over your limit of ${formatUsd(limit)} a day.`,
    });
  }
  const judgeThreshold = body.judge_threshold ?? plan.judge_threshold;
  return {
    run,
    checks,
    judgeModel,
    judgeThreshold,
    items,
    pricing: judgePricing,
    estimate: { items: items.filter(isAnswered).length, judge_calls: calls, judge_model: judgeModel ?? "", judge_usd: judgeUsd, refusals },
  };
}

/** What scoring the stored answers again would cost: judge calls only (refusals as data). */
export async function estimateRescore(charge: GatewayCharge, user: SessionUser, id: string, body: EvalRescoreRequest): Promise<EvalRescoreEstimate> {
  return (await prepare(await appContext(), charge, user, id, body)).estimate;
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
    await checkModelBudget(context.ledger, user.id, ready.estimate.judge_usd, "This re-score's estimated cost");
    const started = await context.evalRuns.startRescore({ id: rescoreId, runId: id, userId: user.id, checks: ready.checks, reserveUsd: ready.estimate.judge_usd });
    if (!started) throw new HttpError(409, "Another re-score of this run is in progress; try again when it has finished");
    return ready;
  });

  const send = options.send ?? sendEvaluationResponse;
  // Not cancelled with the browser's request: once judge calls are paid for, their verdicts are stored.
  const signal = options.signal ?? new AbortController().signal;
  let spentUsd = 0;
  const judgeModel = prepared.judgeModel;
  // Each judge call reserves its upper bound on the editor's ledger first (refused past their budget: the check
  // fails saying so) and settles what it cost after.
  const gateway =
    judgeModel === undefined
      ? null
      : gatewayJudge(send, judgeModel, signal, (usd) => (spentUsd += usd), {
          reserve: (callBody) =>
            context.ledger.reserve({
              userId: user.id,
              feature: "evaluation-judge",
              model: judgeModel,
              subject: { kind: "evaluation-rescore", id: rescoreId },
              reserveUsd: callUpperBound(callBody, prepared.pricing, { maxOutputTokens: JUDGE_MAX_OUTPUT_TOKENS }).usd,
              what: "This judge call's reserve",
            }),
          settle: async (entry, settled) => {
            if (settled) await context.ledger.settle(entry.id, { costUsd: settled.costUsd, generationId: settled.generationId });
            else await context.ledger.markUnknown(entry.id);
          },
        });
  const calls = () => gateway?.calls() ?? 0;
  const positions = await context.evalRuns.positionsOf(id);
  let status: "done" | "failed" = "failed";
  try {
    await forEachBounded(prepared.items, RESCORE_CONCURRENCY, async (item) => {
      const position = positions.get(`${item.version_index}:${item.question_index}:${item.repeat_index}`);
      if (position === undefined) return;
      const result = isAnswered(item)
        ? item.result
        : { answer: "", citations: [], sources: [], cost_usd: item.cost_usd, latency_ms: null, ttft_ms: null, error: { code: item.error?.code ?? "failed", message: item.error?.message ?? "The item failed." } };
      const row = prepared.run.questions[item.question_index] ?? { question: "" };
      // The checks without a model call run in the check workers, with their deadline (never on this loop).
      const checks = await evaluateRow(result, prepared.checks, row, { judge: gateway?.judge, judgeModel, passThreshold: prepared.judgeThreshold, signal, local: checkPool().run });
      await context.evalRuns.setChecks(id, position, checks);
    });
    const plan = EvalPlanSchema.parse(JSON.parse(prepared.run.row.plan));
    await context.evalRuns.setPlan(id, { ...plan, checks: prepared.checks, judge_model: judgeModel, judge_threshold: prepared.judgeThreshold });
    status = "done";
  } finally {
    await context.evalRuns.finishRescore(rescoreId, { status, costUsd: spentUsd });
    forgetRun(id);
  }
  const summary = (await loadRun(id)).summary();
  return { items: prepared.estimate.items, judge_calls: calls(), summary };
}

import "server-only";
import { randomUUID } from "node:crypto";
import { EvaluationPlanSchema } from "@/lib/contract/bff/evaluation-plan";
import { SCORING_FLIPS_MAX, type EvaluationRescoreEstimate, type EvaluationRescoreRequest, type EvaluationScoring, type EvaluationScoringCompare } from "@/lib/contract/bff/evaluation-results";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { formatCheck } from "@/lib/evaluations/check-spelling";
import { CheckSpecSchema, usesJudge, type CheckSpec } from "@/lib/evaluations/checks";
import { readPricing } from "@/lib/evaluations/estimate";
import { isAnswered } from "@/lib/evaluations/results/stored-item";
import { formatUsd } from "@/lib/video-models/money";
import { appContext, type AppContext } from "../config/app-context";
import { serverEnv } from "../config/env";
import { EvaluationScoringsStore, SCORINGS_PER_RUN_MAX, type EvaluationScoringRow } from "../db/evaluation-scorings-store";
import { chooseJudgeModel } from "../evaluations/judge-model";
import { itemNeed, keyedChecks, storedVerdicts, type JudgeSetting } from "../evaluations/scoring-plan";
import { HttpError } from "../http/errors";
import type { CallPricing } from "../ledger/call-reserve";
import { checkModelBudget, modelSpendingLock } from "../spending/model-spending";
import { readModelCatalog } from "./catalog";
import { assertMayWriteRun, EVAL_ESTIMATE_ASSUMPTIONS, parseChecks } from "./evaluation-runs";
import { loadRun, runRowOr404, type LoadedRun } from "./evaluation-results";
import type { GatewayCharge } from "./gateway-charge";

/**
 * Re-scoring a run: its stored answers scored again with a check list, as a job (issue 38). POST records a scoring
 * and answers 202; the runner's scoring jobs (lib/server/evaluations/scoring-jobs.ts) do the work on the server,
 * resumable, each judge call reserved and settled on the owner's ledger. Every scoring is kept (the run's own
 * verdicts are scoring 1) and only verdicts not yet in the cache (answer, check, judge model) are computed.
 */

const EPSILON = 1e-9;
const FREE: CallPricing = { prompt: 0, completion: 0, request: 0, web_search: 0 };

function scorings(context: AppContext): EvaluationScoringsStore {
  return new EvaluationScoringsStore(context.db);
}

interface Prepared {
  run: LoadedRun;
  checks: CheckSpec[];
  judge: JudgeSetting;
  /** The positions of the run's ended items (one scoring item each). */
  positions: number[];
  estimate: EvaluationRescoreEstimate;
  pricing: CallPricing;
}

/**
 * The run's own verdicts (scoring 1) into the verdict cache, once: a re-score that keeps some of the run's checks
 * and its judge reuses them instead of paying for them again.
 */
async function seedOriginal(context: AppContext, run: LoadedRun): Promise<void> {
  const plan = EvaluationPlanSchema.parse(JSON.parse(run.row.plan));
  const checks = plan.checks.flatMap((check) => {
    const parsed = CheckSpecSchema.safeParse(check);
    return parsed.success ? [parsed.data] : [];
  });
  const judge = { model: plan.judge_model, threshold: plan.judge_threshold };
  const raw = await context.evaluationRuns.resultItems(run.row.id);
  const entries = raw.flatMap((item) =>
    item.status === "done" && Array.isArray(item.checks)
      ? storedVerdicts(checks, run.questions[item.question_index] ?? { question: "" }, judge, item.checks as never).map((entry) => ({ position: item.position, key: entry.key, verdict: entry.verdict }))
      : [],
  );
  await scorings(context).putVerdicts(run.row.id, entries);
}

async function prepare(context: AppContext, charge: GatewayCharge, user: SessionUser, id: string, body: EvaluationRescoreRequest): Promise<Prepared> {
  const row = await runRowOr404(id);
  // A scoring is a write to the run: its owner's or an admin's (the rule cancel uses).
  assertMayWriteRun(user, row, "re-score");
  if (row.status === "running") throw new HttpError(409, "The run is still running; re-score it once it has ended", { metadata: { status: row.status } });
  const checks = parseChecks(body.checks);
  const run = await loadRun(id);
  await seedOriginal(context, run);
  const plan = EvaluationPlanSchema.parse(JSON.parse(row.plan));
  const raw = await context.evaluationRuns.resultItems(id);
  const ended = raw.filter((item) => item.status === "done" || item.status === "failed");
  // The catalog read is the estimate's only gateway call (a price list, not a model).
  const catalog = await readModelCatalog(charge);
  const needed = ended.some((item) => keyedChecks(checks, run.questions[item.question_index] ?? { question: "" }, { model: undefined, threshold: undefined }).some((entry) => usesJudge(entry.check)));
  const judgeModel = chooseJudgeModel({
    // A judge asked for now, else the run's own, else the default; each must be one the gateway lists.
    requested: body.judge_model ?? plan.judge_model,
    configured: serverEnv().EVAL_JUDGE_MODEL,
    listed: new Set(catalog.data.map((entry) => entry.id)),
    needed,
    field: "judge_model",
  });
  const judge: JudgeSetting = { model: judgeModel, threshold: body.judge_threshold ?? plan.judge_threshold };
  const cached = await scorings(context).cachedKeys(id);
  let items = 0;
  let calls = 0;
  let reused = 0;
  let toRun = 0;
  for (const item of ended) {
    const stored = run.grid.repeat(item.version_index, item.question_index, item.repeat_index);
    const answer = stored && isAnswered(stored) ? { citations: stored.result.citations.length } : null;
    const need = itemNeed(keyedChecks(checks, run.questions[item.question_index] ?? { question: "" }, judge), cached.get(item.position) ?? new Set(), answer);
    if (need.missing.length > 0) items += 1;
    calls += need.judgeCalls;
    reused += need.reused;
    toRun += need.missing.length;
  }
  const refusals: EvaluationRescoreEstimate["refusals"] = [];
  let judgeUsd = 0;
  let pricing = FREE;
  if (judgeModel !== undefined) {
    const listed = readPricing(catalog.data.find((entry) => entry.id === judgeModel)?.pricing);
    if (!listed && calls > 0) refusals.push({ code: "unknown_pricing", message: `The catalog has no price for the judge model ${judgeModel}.` });
    if (listed) {
      pricing = { prompt: listed.promptUsdPerToken, completion: listed.completionUsdPerToken, request: listed.requestUsd, web_search: listed.webSearchUsd };
      const perCall = EVAL_ESTIMATE_ASSUMPTIONS.judgeInputTokensPerCall * listed.promptUsdPerToken + EVAL_ESTIMATE_ASSUMPTIONS.judgeOutputTokensPerCall * listed.completionUsdPerToken + listed.requestUsd;
      judgeUsd = perCall * calls;
    }
  }
  const { day } = await context.ledger.budget(user.id);
  if (day.spentUsd + judgeUsd > day.limitUsd + EPSILON) {
    refusals.push({
      code: "over_daily_limit",
      limit_usd: day.limitUsd,
      spent_usd: day.spentUsd,
      estimated_cost_usd: judgeUsd,
      message: `The re-score's estimated cost, ${formatUsd(judgeUsd)}, with the ${formatUsd(day.spentUsd)} spent today (UTC) is over your limit of ${formatUsd(day.limitUsd)} a day.`,
    });
  }
  return {
    run,
    checks,
    judge,
    positions: ended.map((item) => item.position),
    pricing,
    estimate: { items, reused, to_run: toRun, judge_calls: calls, judge_model: judgeModel ?? "", judge_usd: judgeUsd, refusals },
  };
}

/** What scoring the stored answers again would run and cost: only the verdicts the cache lacks (refusals as data). */
export async function estimateRescore(charge: GatewayCharge, user: SessionUser, id: string, body: EvaluationRescoreRequest): Promise<EvaluationRescoreEstimate> {
  return (await prepare(await appContext(), charge, user, id, body)).estimate;
}

/**
 * Starts a scoring job and answers at once with it (the route's 202). Refused while the run runs (409), while another
 * scoring of it runs or it keeps SCORINGS_PER_RUN_MAX (409), with an unpriced judge that would be called (400) or
 * when the estimate is over the daily limit (429/402). Each judge call then reserves on the ledger itself.
 */
export async function startRescore(charge: GatewayCharge, user: SessionUser, id: string, body: EvaluationRescoreRequest): Promise<EvaluationScoring> {
  const context = await appContext();
  const scoringId = randomUUID();
  return context.db.serialize(modelSpendingLock(user.id), async () => {
    const ready = await prepare(context, charge, user, id, body);
    const unpriced = ready.estimate.refusals.find((refusal) => refusal.code === "unknown_pricing");
    if (unpriced) throw new HttpError(400, unpriced.message, { metadata: { refusals: ready.estimate.refusals, issues: [{ path: "judge_model", message: unpriced.message }] } });
    await checkModelBudget(context.ledger, user.id, ready.estimate.judge_usd, "This re-score's estimated cost");
    const created = await scorings(context).create({
      id: scoringId,
      runId: id,
      userId: user.id,
      checks: ready.checks,
      judgeModel: ready.judge.model,
      judgeThreshold: ready.judge.threshold,
      judgePricing: ready.pricing,
      positions: ready.positions,
    });
    if ("refused" in created) {
      throw created.refused === "running"
        ? new HttpError(409, "Another re-score of this run is in progress; wait for it or cancel it")
        : new HttpError(409, `This run keeps ${SCORINGS_PER_RUN_MAX} scorings at most`);
    }
    const row = await scorings(context).get(scoringId);
    return scoringOf(row!, null, user.name);
  });
}

function spellings(raw: string): string[] {
  const list = JSON.parse(raw) as unknown[];
  return list.map((check) => {
    const parsed = CheckSpecSchema.safeParse(check);
    return parsed.success ? formatCheck(parsed.data) : JSON.stringify(check);
  });
}

async function passRates(run: LoadedRun): Promise<EvaluationScoring["versions"]> {
  return (await run.summary()).versions.map((version) => ({ version_index: version.version_index, label: version.label, passed: version.aggregate.passed, pass_rate: version.aggregate.pass_rate }));
}

async function nameOf(context: AppContext, userId: string): Promise<string | null> {
  return (await context.users.findById(userId))?.name ?? null;
}

/** A scoring as listed; `rates`: its pass rates per version once it has ended (null while it runs or when not read). */
function scoringOf(row: EvaluationScoringRow, rates: EvaluationScoring["versions"], userName: string | null): EvaluationScoring {
  return {
    number: row.number,
    status: row.status,
    user_id: row.user_id,
    user_name: userName,
    created_at: row.created_at,
    ended_at: row.ended_at,
    checks: spellings(row.checks),
    judge_model: row.judge_model,
    judge_threshold: row.judge_threshold,
    total: row.total,
    done: Number(row.done_count),
    judge_calls: Number(row.judge_calls),
    reused: Number(row.reused),
    cost_usd: Number(row.cost_usd),
    error: row.error,
    versions: row.status === "running" ? null : rates,
  };
}

/** The run's scorings, its own first: who, when, checks, judge, progress, and pass rates once each has ended. */
export async function listScorings(id: string): Promise<EvaluationScoring[]> {
  const context = await appContext();
  const original = await loadRun(id);
  const plan = EvaluationPlanSchema.parse(JSON.parse(original.row.plan));
  let ended = 0;
  for (let v = 0; v < original.grid.versions; v++) ended += original.grid.ofVersion(v).length;
  const first: EvaluationScoring = {
    number: 1,
    status: original.row.status === "running" ? "running" : "done",
    user_id: original.row.user_id,
    user_name: await nameOf(context, original.row.user_id),
    created_at: original.row.created_at,
    ended_at: original.row.ended_at,
    checks: original.header.checks,
    judge_model: original.header.judge_model,
    judge_threshold: plan.judge_threshold ?? null,
    total: original.items,
    done: ended,
    judge_calls: null,
    reused: null,
    cost_usd: null,
    error: null,
    versions: original.row.status === "running" ? null : await passRates(original),
  };
  const rows = await scorings(context).list(id);
  const rest = await Promise.all(rows.map(async (row) => scoringOf(row, row.status === "running" ? null : await passRates(await loadRun(id, row.number)), await nameOf(context, row.user_id))));
  return [first, ...rest];
}

/** Stops a running scoring (owner or admin): what it scored is kept, its items in flight are aborted by the runner. */
export async function cancelScoring(user: SessionUser, id: string, number: number): Promise<EvaluationScoring> {
  const context = await appContext();
  const row = await runRowOr404(id);
  assertMayWriteRun(user, row, "cancel a scoring of");
  const store = scorings(context);
  const scoring = number === 1 ? undefined : await store.byNumber(id, number);
  if (!scoring) throw new HttpError(404, `Run ${id} has no re-score ${number}`);
  if (!(await store.end(scoring.id, "cancelled"))) throw new HttpError(409, `Scoring ${number} has already ended (${scoring.status})`, { metadata: { status: scoring.status } });
  return scoringOf((await store.get(scoring.id))!, null, await nameOf(context, scoring.user_id));
}

/** Two scorings of one run side by side: check lists that differ, pass rates per version, and the questions that flipped. */
export async function compareScorings(id: string, a: number, b: number): Promise<EvaluationScoringCompare> {
  const [left, right] = await Promise.all([loadRun(id, a), loadRun(id, b)]);
  const [rowsA, rowsB] = await Promise.all([left.rows(), right.rows()]);
  const flipped: EvaluationScoringCompare["flipped"] = [];
  const versions = left.versions.map((version) => ({ version_index: version.version_index, label: version.label, to_passed: 0, to_failed: 0 }));
  for (let q = 0; q < rowsA.length; q++) {
    for (const cell of rowsA[q].versions) {
      const other = rowsB[q]?.versions.find((candidate) => candidate.version_index === cell.version_index);
      if (!other || other.verdict === cell.verdict) continue;
      if (other.verdict === "passed") versions[cell.version_index].to_passed += 1;
      if (cell.verdict === "passed") versions[cell.version_index].to_failed += 1;
      flipped.push({ question_index: q, question: rowsA[q].question, version_index: cell.version_index, from: cell.verdict, to: other.verdict });
    }
  }
  const rateA = (await passRates(left)) ?? [];
  const rateB = (await passRates(right)) ?? [];
  const checksB = new Set(right.header.checks);
  const checksA = new Set(left.header.checks);
  return {
    a,
    b,
    checks_only_a: left.header.checks.filter((check) => !checksB.has(check)),
    checks_only_b: right.header.checks.filter((check) => !checksA.has(check)),
    versions: versions.map((version, i) => ({ ...version, pass_rate_a: rateA[i]?.pass_rate ?? null, pass_rate_b: rateB[i]?.pass_rate ?? null })),
    flipped: flipped.slice(0, SCORING_FLIPS_MAX),
    flipped_total: flipped.length,
  };
}

import type { z } from "zod";
import { EvaluationPlanSchema, type EvaluationVersion } from "@/lib/contract/bff/evaluation-plan";
import { describeZodError } from "@/lib/contract/gateway/errors";
import { CheckListSchema, usesJudge, type CheckSpec } from "@/lib/evaluations/checks";
import { DEMO_JUDGE_MODEL } from "@/lib/evaluations/judge-protocol";
import { checksForRow, evaluateRow, type CheckedRow } from "@/lib/evaluations/row-checks";
import { fillRequest } from "@/lib/evaluations/template";
import type { CallCharge, EvaluationRunsStore } from "../db/evaluation-runs-store";
import type { QuestionSetsStore } from "../db/question-sets-store";
import { callUpperBound, type CallPricing } from "../ledger/call-reserve";
import { checkPool } from "./check-pool";
import { callItem, type ItemOutcome, type ItemResult, type SendResponses } from "./item-call";
import { gatewayJudge, JUDGE_MAX_OUTPUT_TOKENS } from "./judge-model";
import { RunPlanError, type RunWork } from "./runner";
import { withLogContext } from "@/lib/observability/log-context";
import { loggerFor } from "@/lib/observability/logger";
import { inSpan, startLongSpan } from "../observability/tracing";

const log = loggerFor("evaluations");

/** A row of a question set as the runner reads it (lib/evaluations validates the whole row on import; older rows lack checks and vars). */
type QuestionRow = CheckedRow & { vars?: Record<string, string> };

/**
 * The answer length an evaluation call is given when its version sets none: every call a run makes carries a
 * `max_output_tokens`, so what it can cost has an upper bound its claim reserves (lib/server/ledger/call-reserve.ts).
 */
const EVAL_MAX_OUTPUT_TOKENS = 4_096;

const FREE: CallPricing = { prompt: 0, completion: 0, request: 0, web_search: 0 };

/** The preset version a plan's version id names ("@preset/web-research@2"), for the ledger. */
function presetOf(versionId: string): { slug: string; version: number } | null {
  const match = /^@preset\/([^@]+)@(\d+)$/.exec(versionId);
  return match ? { slug: match[1], version: Number(match[2]) } : null;
}

/**
 * The request an item's call sends: its version's settings with the row's question, `{{name}}` in the instructions and
 * the question filled from the row's vars (checked at creation), and an answer length bound.
 */
export function itemRequest(version: EvaluationVersion, row: Pick<QuestionRow, "question" | "vars">): Record<string, unknown> {
  const asked = version.request.max_output_tokens;
  const filled = fillRequest({ ...version.request, input: row.question }, row.vars ?? {});
  return { ...filled, max_output_tokens: typeof asked === "number" && asked > 0 ? asked : EVAL_MAX_OUTPUT_TOKENS };
}

/** What an item's call reserves: the upper bound of its real request at its version's prices (the minimum when unpriced). */
export function itemCharge(version: EvaluationVersion, row: Pick<QuestionRow, "question" | "vars">, feature: CallCharge["feature"] = "evaluation-item"): CallCharge {
  const bound = callUpperBound(itemRequest(version, row), version.pricing ?? FREE, { maxOutputTokens: EVAL_MAX_OUTPUT_TOKENS });
  return { usd: bound.usd, model: String(version.request.model ?? version.id), preset: presetOf(version.id), feature };
}

/** The cost of an item from catalog pricing, for a gateway whose usage reports none. */
function priceFromCatalog(version: EvaluationVersion): ((result: ItemResult) => number) | undefined {
  const pricing = version.pricing;
  if (!pricing) return undefined;
  return (result) =>
    (result.usage?.input_tokens ?? 0) * pricing.prompt +
    (result.usage?.output_tokens ?? 0) * pricing.completion +
    pricing.request +
    result.searches.length * pricing.web_search;
}

/**
 * The web-search part of a done item's cost, stored with it: the searches it made at the catalog's price per search
 * (never more than the whole cost), so the cost split reads it instead of guessing. Unpriced: left unknown.
 */
function withSearchCost(outcome: ItemOutcome, version: EvaluationVersion): ItemOutcome {
  const price = version.pricing?.web_search;
  if (outcome.kind !== "done" || price === undefined) return outcome;
  const web = Math.min(outcome.result.cost_usd, outcome.result.searches.length * price);
  return { ...outcome, result: { ...outcome.result, web_search_cost_usd: web } };
}

/**
 * Runs the row's checks (the plan's, the row's own, its allowed domains) on a done item's answer. Judge-based checks
 * send their prompt to the plan's judge model through the same gateway; what they cost is stored apart on the result
 * (`judge_cost_usd`) and added to the item's cost.
 */
interface JudgeSetup {
  send: SendResponses;
  model: string | undefined;
  threshold: number | undefined;
  pricing: CallPricing;
  /** Reserves each judge call on the ledger against the run's cap and the person's budget, and settles it. */
  runs: EvaluationRunsStore;
  runId: string;
  /** The item the calls judge ("run:position"), their ledger subject. */
  subjectId: string;
}

async function scoreOutcome(outcome: ItemOutcome, checks: readonly CheckSpec[], row: QuestionRow, setup: JudgeSetup, signal: AbortSignal): Promise<ItemOutcome> {
  if (outcome.kind !== "done" || checksForRow(checks, row).length === 0) return outcome;
  let judgeCostUsd = 0;
  const { model } = setup;
  const judgeFn =
    model === undefined
      ? undefined
      : gatewayJudge(setup.send, model, signal, (usd) => (judgeCostUsd += usd), {
          // Refused (the run's cap, the person's budget): the check fails saying so, and the run has stopped.
          reserve: (body) => setup.runs.reserveCall(setup.runId, { usd: callUpperBound(body, setup.pricing, { maxOutputTokens: JUDGE_MAX_OUTPUT_TOKENS }).usd, model, feature: "evaluation-judge" }, setup.subjectId),
          settle: (entry, settled) => setup.runs.settleCall(setup.runId, entry, settled),
        }).judge;
  // The checks without a model call run in the check workers, with their deadline (never on the server's loop).
  const results = await evaluateRow(outcome.result, checks, row, { judge: judgeFn, judgeModel: model, passThreshold: setup.threshold, signal, local: checkPool().run });
  return { ...outcome, result: { ...outcome.result, judge_cost_usd: judgeCostUsd }, checks: results, judgeCostUsd };
}

function parseStored<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  let parsed: ReturnType<typeof schema.safeParse>;
  try {
    parsed = schema.safeParse(typeof value === "string" ? JSON.parse(value) : value);
  } catch {
    throw new RunPlanError(`its stored ${what} is not JSON`);
  }
  if (parsed.success) return parsed.data;
  const issues = describeZodError(parsed.error).map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message));
  throw new RunPlanError(`its ${what} cannot run here: ${issues.slice(0, 3).join("; ")}`);
}

/**
 * The work of a stored run: its plan and the question-set version it pinned, read from the database, so any
 * instance (or the same one after a restart) executes the run exactly as it was started.
 */
export async function workForRun(
  runs: EvaluationRunsStore,
  questionSets: QuestionSetsStore,
  send: SendResponses,
  runId: string,
  /** What the run's item calls are counted under on the ledger: the CLI's are "cli". */
  feature: CallCharge["feature"] = "evaluation-item",
): Promise<RunWork | null> {
  const run = await runs.get(runId);
  if (!run) return null;
  const plan = parseStored(EvaluationPlanSchema, run.plan, "plan");
  const checks = parseStored(CheckListSchema, plan.checks, "checks");
  const set = await questionSets.get<QuestionRow>(run.set_id, run.set_version);
  if (!set) throw new RunPlanError(`its question set has no version ${run.set_version} any more`);
  const prices = plan.versions.map(priceFromCatalog);
  // Chosen and checked against the gateway's catalog when the run was created (judge-model.ts); a plan stored before
  // judges were chosen names none and meant the demo judge.
  const judgeModel = plan.judge_model ?? DEMO_JUDGE_MODEL;
  const judgePricing = plan.judge_pricing ?? FREE;
  // The run's span is the parent of its items' spans, and each item's of its gateway calls (answer, judge).
  const runSpan = startLongSpan("evaluation run", { "gatehouse.evaluation.run_id": runId, "gatehouse.evaluation.set_id": run.set_id });
  return {
    concurrency: plan.concurrency,
    userId: run.user_id,
    // The item's answer and each judge check of its row's list: points of its owner's responses limit.
    pointsPerItem: 1 + set.rows.reduce((most, row) => Math.max(most, checksForRow(checks, row).filter((entry) => usesJudge(entry.check)).length), 0),
    reserveOf: (item) => itemCharge(plan.versions[item.version_index], set.rows[item.question_index], feature),
    execute: (item, signal) =>
      withLogContext({ task: "evaluation", run_id: runId }, () =>
        runSpan.within(() =>
          inSpan("evaluation item", { "gatehouse.evaluation.run_id": runId, "gatehouse.evaluation.question_index": item.question_index, "gatehouse.evaluation.version_index": item.version_index }, async () => {
            const version = plan.versions[item.version_index];
            const row = set.rows[item.question_index];
            const outcome = withSearchCost(await callItem(send, itemRequest(version, row), signal, { priceOf: prices[item.version_index] }), version);
            log.info(
              { question_index: item.question_index, version_index: item.version_index, outcome: outcome.kind, generation_id: outcome.kind === "done" ? outcome.result.response_id : undefined },
              "evaluation item answered",
            );
            const judge = { send, model: judgeModel, threshold: plan.judge_threshold, pricing: judgePricing, runs, runId, subjectId: `${runId}:${item.position}` };
            return scoreOutcome(outcome, checks, row, judge, signal);
          }),
        ),
      ),
    end: () => runSpan.end(),
  };
}

import { EvalPlanSchema, type EvalVersion } from "@/lib/contract/bff/evaluation-plan";
import { CheckListSchema, type CheckSpec } from "@/lib/eval/checks";
import { evaluateChecks } from "@/lib/eval/evaluate";
import type { JudgeFn } from "@/lib/eval/judge-protocol";
import type { CallCharge, EvalRunsStore } from "../db/eval-runs-store";
import type { QuestionSetsStore } from "../db/question-sets-store";
import { callUpperBound, type CallPricing } from "../ledger/call-reserve";
import { callItem, type ItemOutcome, type ItemResult, type SendResponses } from "./item-call";
import type { RunWork } from "./runner";

/** A row of a question set as the runner reads it (lib/eval validates the whole row on import). */
interface QuestionRow {
  question: string;
}

/** The judge model when a plan names none: the embedded gateway's deterministic judge. */
const DEFAULT_JUDGE_MODEL = "gatehouse/judge";

/**
 * The answer length an evaluation call is given when its version sets none: every call a run makes carries a
 * `max_output_tokens`, so what it can cost has an upper bound its claim reserves (lib/server/ledger/call-reserve.ts).
 */
const EVAL_MAX_OUTPUT_TOKENS = 4_096;
/** A judge's verdict is a score and a sentence or two. */
export const JUDGE_MAX_OUTPUT_TOKENS = 1_024;

const FREE: CallPricing = { prompt: 0, completion: 0, request: 0, web_search: 0 };

/** The preset version a plan's version id names ("@preset/web-research@2"), for the ledger. */
function presetOf(versionId: string): { slug: string; version: number } | null {
  const match = /^@preset\/([^@]+)@(\d+)$/.exec(versionId);
  return match ? { slug: match[1], version: Number(match[2]) } : null;
}

/** The request an item's call sends: its version's settings, its question, and an answer length bound. */
function itemRequest(version: EvalVersion, question: string): Record<string, unknown> {
  const asked = version.request.max_output_tokens;
  return { ...version.request, input: question, max_output_tokens: typeof asked === "number" && asked > 0 ? asked : EVAL_MAX_OUTPUT_TOKENS };
}

/** What an item's call reserves: the upper bound of its real request at its version's prices (the minimum when unpriced). */
export function itemCharge(version: EvalVersion, question: string, feature: CallCharge["feature"] = "evaluation-item"): CallCharge {
  const bound = callUpperBound(itemRequest(version, question), version.pricing ?? FREE, { maxOutputTokens: EVAL_MAX_OUTPUT_TOKENS });
  return { usd: bound.usd, model: String(version.request.model ?? version.id), preset: presetOf(version.id), feature };
}

/** The cost of an item from catalog pricing, for a gateway whose usage reports none. */
function priceFromCatalog(version: EvalVersion): ((result: ItemResult) => number) | undefined {
  const pricing = version.pricing;
  if (!pricing) return undefined;
  return (result) =>
    (result.usage?.input_tokens ?? 0) * pricing.prompt +
    (result.usage?.output_tokens ?? 0) * pricing.completion +
    pricing.request +
    result.searches.length * pricing.web_search;
}

/**
 * Runs the plan's checks on a done item's answer. Judge-based checks send their prompt to `judgeModel` through the
 * same gateway call; what they cost is added to the item's cost.
 */
interface JudgeSetup {
  send: SendResponses;
  model: string;
  pricing: CallPricing;
  /** Reserves each judge call on the ledger against the run's cap and the person's budget, and settles it. */
  runs: EvalRunsStore;
  runId: string;
  /** The item the calls judge ("run:position"), their ledger subject. */
  subjectId: string;
}

async function scoreOutcome(outcome: ItemOutcome, checks: readonly CheckSpec[], setup: JudgeSetup, signal: AbortSignal): Promise<ItemOutcome> {
  if (outcome.kind !== "done" || checks.length === 0) return outcome;
  let judgeCostUsd = 0;
  const judgeModel = setup.model;
  const judge: JudgeFn = async (request, judgeSignal) => {
    const body = { model: judgeModel, instructions: request.instructions, input: request.input, temperature: 0, max_output_tokens: JUDGE_MAX_OUTPUT_TOKENS };
    const bound = callUpperBound(body, setup.pricing, { maxOutputTokens: JUDGE_MAX_OUTPUT_TOKENS });
    // Refused (the run's cap, the person's budget): the check fails saying so, and the run has stopped.
    const entry = await setup.runs.reserveCall(setup.runId, { usd: bound.usd, model: judgeModel, feature: "evaluation-judge" }, setup.subjectId);
    let reply: ItemOutcome;
    try {
      reply = await callItem(setup.send, body, judgeSignal ?? signal);
    } catch (error) {
      await setup.runs.settleCall(setup.runId, entry, null);
      throw error;
    }
    const cost = reply.kind === "done" ? reply.result.cost_usd : reply.costUsd;
    const usage = reply.kind === "done" ? reply.result.usage : null;
    await setup.runs.settleCall(setup.runId, entry, { costUsd: cost, generationId: reply.kind === "done" ? reply.result.response_id : null, inputTokens: usage?.input_tokens ?? null, outputTokens: usage?.output_tokens ?? null });
    judgeCostUsd += cost;
    if (reply.kind !== "done") throw new Error(`The judge model ${judgeModel} failed: ${reply.error.message}`);
    return reply.result.answer;
  };
  const results = await evaluateChecks(outcome.result, checks, { judge, signal });
  return { ...outcome, checks: results, judgeCostUsd };
}

/**
 * The work of a stored run: its plan and the question-set version it pinned, read from the database, so any
 * instance (or the same one after a restart) executes the run exactly as it was started.
 */
export async function workForRun(
  runs: EvalRunsStore,
  questionSets: QuestionSetsStore,
  send: SendResponses,
  runId: string,
  /** What the run's item calls are counted under on the ledger: the CLI's are "cli". */
  feature: CallCharge["feature"] = "evaluation-item",
): Promise<RunWork | null> {
  const run = await runs.get(runId);
  if (!run) return null;
  const plan = EvalPlanSchema.parse(JSON.parse(run.plan));
  const checks = CheckListSchema.parse(plan.checks);
  const set = await questionSets.get<QuestionRow>(run.set_id, run.set_version);
  if (!set) return null;
  const prices = plan.versions.map(priceFromCatalog);
  const judgeModel = plan.judge_model ?? DEFAULT_JUDGE_MODEL;
  const judgePricing = plan.judge_pricing ?? FREE;
  return {
    concurrency: plan.concurrency,
    reserveOf: (item) => itemCharge(plan.versions[item.version_index], set.rows[item.question_index].question, feature),
    execute: async (item, signal) => {
      const version = plan.versions[item.version_index];
      const question = set.rows[item.question_index].question;
      const outcome = await callItem(send, itemRequest(version, question), signal, { priceOf: prices[item.version_index] });
      const judge = { send, model: judgeModel, pricing: judgePricing, runs, runId, subjectId: `${runId}:${item.position}` };
      return scoreOutcome(outcome, checks, judge, signal);
    },
  };
}

import { EvalPlanSchema, type EvalVersion } from "@/lib/contract/bff/evaluation-plan";
import { CheckListSchema, type CheckSpec } from "@/lib/eval/checks";
import { DEMO_JUDGE_MODEL } from "@/lib/eval/judge-protocol";
import { checksForRow, evaluateRow, type CheckedRow } from "@/lib/eval/row-checks";
import { fillRequest } from "@/lib/eval/template";
import type { EvalRunsStore } from "../db/eval-runs-store";
import type { QuestionSetsStore } from "../db/question-sets-store";
import { callItem, type ItemOutcome, type ItemResult, type SendResponses } from "./item-call";
import { gatewayJudge } from "./judge-model";
import type { RunWork } from "./runner";

/** A row of a question set as the runner reads it (lib/eval validates the whole row on import; older rows lack checks and vars). */
type QuestionRow = CheckedRow & { vars?: Record<string, string> };

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
 * The web-search part of a done item's cost, stored with it: the searches it made at the catalog's price per search
 * (never more than the whole cost), so the cost split reads it instead of guessing. Unpriced: left unknown.
 */
function withSearchCost(outcome: ItemOutcome, version: EvalVersion): ItemOutcome {
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
async function scoreOutcome(
  outcome: ItemOutcome,
  checks: readonly CheckSpec[],
  row: QuestionRow,
  send: SendResponses,
  judge: { model: string | undefined; threshold: number | undefined },
  signal: AbortSignal,
): Promise<ItemOutcome> {
  if (outcome.kind !== "done" || checksForRow(checks, row).length === 0) return outcome;
  let judgeCostUsd = 0;
  const judgeFn = judge.model === undefined ? undefined : gatewayJudge(send, judge.model, signal, (usd) => (judgeCostUsd += usd)).judge;
  const results = await evaluateRow(outcome.result, checks, row, { judge: judgeFn, judgeModel: judge.model, passThreshold: judge.threshold, signal });
  return { ...outcome, result: { ...outcome.result, judge_cost_usd: judgeCostUsd }, checks: results, judgeCostUsd };
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
): Promise<RunWork | null> {
  const run = await runs.get(runId);
  if (!run) return null;
  const plan = EvalPlanSchema.parse(JSON.parse(run.plan));
  const checks = CheckListSchema.parse(plan.checks);
  const set = await questionSets.get<QuestionRow>(run.set_id, run.set_version);
  if (!set) return null;
  const prices = plan.versions.map(priceFromCatalog);
  // Chosen and checked against the gateway's catalog when the run was created (judge-model.ts); a plan stored before
  // judges were chosen names none and meant the demo judge.
  const judge = { model: plan.judge_model ?? DEMO_JUDGE_MODEL, threshold: plan.judge_threshold };
  return {
    concurrency: plan.concurrency,
    execute: async (item, signal) => {
      const version = plan.versions[item.version_index];
      const row = set.rows[item.question_index];
      // `{{name}}` in the version's instructions and in the question, filled from the row's vars (checked at creation).
      const request = fillRequest({ ...version.request, input: row.question }, row.vars ?? {});
      const outcome = withSearchCost(await callItem(send, request, signal, { priceOf: prices[item.version_index] }), version);
      return scoreOutcome(outcome, checks, row, send, judge, signal);
    },
  };
}

import { EvalPlanSchema, type EvalVersion } from "@/lib/contract/bff/evaluation-plan";
import { CheckListSchema, type CheckSpec } from "@/lib/eval/checks";
import { evaluateChecks } from "@/lib/eval/evaluate";
import type { JudgeFn } from "@/lib/eval/judge-protocol";
import type { EvalRunsStore } from "../db/eval-runs-store";
import type { QuestionSetsStore } from "../db/question-sets-store";
import { callItem, type ItemOutcome, type ItemResult, type SendResponses } from "./item-call";
import type { RunWork } from "./runner";
import { withLogContext } from "@/lib/observability/log-context";
import { loggerFor } from "@/lib/observability/logger";
import { inSpan, startLongSpan } from "../observability/tracing";

const log = loggerFor("evaluations");

/** A row of a question set as the runner reads it (lib/eval validates the whole row on import). */
interface QuestionRow {
  question: string;
}

/** The judge model when a plan names none: the embedded gateway's deterministic judge. */
const DEFAULT_JUDGE_MODEL = "gatehouse/judge";

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
async function scoreOutcome(
  outcome: ItemOutcome,
  checks: readonly CheckSpec[],
  send: SendResponses,
  judgeModel: string,
  signal: AbortSignal,
): Promise<ItemOutcome> {
  if (outcome.kind !== "done" || checks.length === 0) return outcome;
  let judgeCostUsd = 0;
  const judge: JudgeFn = async (request, judgeSignal) => {
    const reply = await callItem(send, { model: judgeModel, instructions: request.instructions, input: request.input, temperature: 0 }, judgeSignal ?? signal);
    if (reply.kind !== "done") throw new Error(`The judge model ${judgeModel} failed: ${reply.error.message}`);
    judgeCostUsd += reply.result.cost_usd;
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
): Promise<RunWork | null> {
  const run = await runs.get(runId);
  if (!run) return null;
  const plan = EvalPlanSchema.parse(JSON.parse(run.plan));
  const checks = CheckListSchema.parse(plan.checks);
  const set = await questionSets.get<QuestionRow>(run.set_id, run.set_version);
  if (!set) return null;
  const prices = plan.versions.map(priceFromCatalog);
  const judgeModel = plan.judge_model ?? DEFAULT_JUDGE_MODEL;
  // The run's span is the parent of its items' spans, and each item's of its gateway calls (answer, judge).
  const runSpan = startLongSpan("evaluation run", { "gatehouse.evaluation.run_id": runId, "gatehouse.evaluation.set_id": run.set_id });
  return {
    concurrency: plan.concurrency,
    execute: (item, signal) =>
      withLogContext({ task: "evaluation", run_id: runId }, () =>
        runSpan.within(() =>
          inSpan("evaluation item", { "gatehouse.evaluation.run_id": runId, "gatehouse.evaluation.question_index": item.question_index, "gatehouse.evaluation.version_index": item.version_index }, async () => {
            const version = plan.versions[item.version_index];
            const question = set.rows[item.question_index].question;
            const outcome = await callItem(send, { ...version.request, input: question }, signal, { priceOf: prices[item.version_index] });
            log.info(
              { question_index: item.question_index, version_index: item.version_index, outcome: outcome.kind, generation_id: outcome.kind === "done" ? outcome.result.response_id : undefined },
              "evaluation item answered",
            );
            return scoreOutcome(outcome, checks, send, judgeModel, signal);
          }),
        ),
      ),
    end: () => runSpan.end(),
  };
}

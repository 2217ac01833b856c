import { EvalPlanSchema, type EvalVersion } from "@/lib/contract/bff/evaluation-plan";
import type { EvalRunsStore } from "../db/eval-runs-store";
import type { QuestionSetsStore } from "../db/question-sets-store";
import { callItem, type ItemResult, type SendResponses } from "./item-call";
import type { RunWork } from "./runner";

/** A row of a question set as the runner reads it (lib/eval validates the whole row on import). */
interface QuestionRow {
  question: string;
}

/** The cost of an item from catalog pricing, for a gateway whose usage reports none. */
export function priceFromCatalog(version: EvalVersion): ((result: ItemResult) => number) | undefined {
  const pricing = version.pricing;
  if (!pricing) return undefined;
  return (result) =>
    (result.usage?.input_tokens ?? 0) * pricing.prompt +
    (result.usage?.output_tokens ?? 0) * pricing.completion +
    pricing.request +
    result.searches.length * pricing.web_search;
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
  const set = await questionSets.get<QuestionRow>(run.set_id, run.set_version);
  if (!set) return null;
  const prices = plan.versions.map(priceFromCatalog);
  return {
    concurrency: plan.concurrency,
    execute: (item, signal) => {
      const version = plan.versions[item.version_index];
      const question = set.rows[item.question_index].question;
      return callItem(send, { ...version.request, input: question }, signal, { priceOf: prices[item.version_index] });
    },
  };
}

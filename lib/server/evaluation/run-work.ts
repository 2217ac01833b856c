import type { z } from "zod";
import { EvalPlanSchema, type EvalVersion } from "@/lib/contract/bff/evaluation-plan";
import { describeZodError } from "@/lib/contract/gateway/errors";
import { CheckListSchema, usesJudge, type CheckSpec } from "@/lib/eval/checks";
import { evaluateChecks } from "@/lib/eval/evaluate";
import type { JudgeFn } from "@/lib/eval/judge-protocol";
import type { EvalRunsStore } from "../db/eval-runs-store";
import type { QuestionSetsStore } from "../db/question-sets-store";
import { checkPool } from "./check-pool";
import { callItem, type ItemOutcome, type ItemResult, type SendResponses } from "./item-call";
import { RunPlanError, type RunWork } from "./runner";

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
  // The checks without a model call run in the check workers, with their deadline (never on the server's loop).
  const results = await evaluateChecks(outcome.result, checks, { judge, signal, local: checkPool().run });
  return { ...outcome, checks: results, judgeCostUsd };
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
  runs: EvalRunsStore,
  questionSets: QuestionSetsStore,
  send: SendResponses,
  runId: string,
): Promise<RunWork | null> {
  const run = await runs.get(runId);
  if (!run) return null;
  const plan = parseStored(EvalPlanSchema, run.plan, "plan");
  const checks = parseStored(CheckListSchema, plan.checks, "checks");
  const set = await questionSets.get<QuestionRow>(run.set_id, run.set_version);
  if (!set) throw new RunPlanError(`its question set has no version ${run.set_version} any more`);
  const prices = plan.versions.map(priceFromCatalog);
  const judgeModel = plan.judge_model ?? DEFAULT_JUDGE_MODEL;
  return {
    concurrency: plan.concurrency,
    userId: run.user_id,
    pointsPerItem: 1 + checks.filter(usesJudge).length,
    execute: async (item, signal) => {
      const version = plan.versions[item.version_index];
      const question = set.rows[item.question_index].question;
      const outcome = await callItem(send, { ...version.request, input: question }, signal, { priceOf: prices[item.version_index] });
      return scoreOutcome(outcome, checks, send, judgeModel, signal);
    },
  };
}

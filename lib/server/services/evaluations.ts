import "server-only";
import { loggerFor } from "@/lib/observability/logger";
import { randomUUID } from "node:crypto";
import type { AppContext } from "../config/app-context";
import { workForRun } from "../evaluation/run-work";
import { EvaluationRunner } from "../evaluation/runner";
import type { ResponsesRequest } from "@/lib/contract/gateway";
import { startResponse } from "./responses";

const log = loggerFor("evaluations");

/**
 * Evaluations' gateway call for one item of a run: the playground's POST /responses (services/responses.ts), made
 * once; the runner's own policy (Retry-After, bounded retries) decides about another try.
 */
export function sendEvaluationResponse(body: Record<string, unknown>, signal: AbortSignal): Promise<Response> {
  return startResponse(body as ResponsesRequest, signal);
}

// One runner per process, whichever bundle starts it (Next may load this module more than once).
const KEY = Symbol.for("gatehouse.evaluation-runner");
type Holder = { [KEY]?: EvaluationRunner };

/**
 * Starts this instance's evaluation runner (startup.ts): it resumes the runs left running by a restart and
 * takes its share of every run with other instances on the same PostgreSQL.
 */
export function startEvaluationRunner(context: Pick<AppContext, "evalRuns" | "questionSets">): EvaluationRunner {
  const holder = globalThis as Holder;
  if (holder[KEY]) return holder[KEY];
  const runner = new EvaluationRunner({
    store: context.evalRuns,
    instanceId: randomUUID(),
    workFor: (runId) => workForRun(context.evalRuns, context.questionSets, sendEvaluationResponse, runId),
    onError: (error) => log.error({ err: error }, "evaluation runner error"),
  });
  holder[KEY] = runner;
  runner.start();
  // A clean stop hands the items in flight back at once, instead of after their lease lapses.
  process.once("SIGTERM", () => void runner.stop());
  return runner;
}

/** This instance's evaluation runner, or null before startup started it (readiness: lib/server/config/health.ts). */
export function evaluationRunner(): EvaluationRunner | null {
  return (globalThis as Holder)[KEY] ?? null;
}

/** Stops this instance's runner and forgets it (tests: the next startEvaluationRunner makes a new one). */
export async function stopEvaluationRunner(): Promise<void> {
  const holder = globalThis as Holder;
  const runner = holder[KEY];
  delete holder[KEY];
  await runner?.stop();
}

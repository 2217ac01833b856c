import "server-only";
import { randomUUID } from "node:crypto";
import type { AppContext } from "../config/app-context";
import { workForRun } from "../evaluation/run-work";
import { EvaluationRunner } from "../evaluation/runner";
import { upstreamFetch } from "../upstream/upstream";

/**
 * Evaluations' gateway call: POST /responses, streamed, for one item of a run. The runner's own retry policy
 * (Retry-After, bounded retries) applies; this call is made once.
 */
export function sendEvaluationResponse(body: Record<string, unknown>, signal: AbortSignal): Promise<Response> {
  return upstreamFetch({ method: "POST", path: "/responses", json: body, signal, headers: { accept: "text/event-stream" }, bodyTimeout: false });
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
    onError: (error) => console.error(`[evaluations] ${error instanceof Error ? error.message : String(error)}`),
  });
  holder[KEY] = runner;
  runner.start();
  // A clean stop hands the items in flight back at once, instead of after their lease lapses.
  process.once("SIGTERM", () => void runner.stop());
  return runner;
}

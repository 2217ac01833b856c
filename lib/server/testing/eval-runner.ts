import { randomUUID } from "node:crypto";
import { appContext } from "../config/app-context";
import type { SendResponses } from "../evaluation/item-call";
import { workForRun } from "../evaluation/run-work";
import { EvaluationRunner } from "../evaluation/runner";
import { sendEvaluationResponse } from "../services/evaluations";

/** A runner over the app context's stores, as the server starts one, polling fast; `send` stands in for the gateway call when a test holds answers. */
export async function newTestRunner(send: SendResponses = sendEvaluationResponse): Promise<EvaluationRunner> {
  const context = await appContext();
  return new EvaluationRunner({
    store: context.evalRuns,
    instanceId: randomUUID(),
    pollMs: 50,
    workFor: (runId) => workForRun(context.evalRuns, context.questionSets, send, runId),
  });
}

/** Starts a runner, waits until each of the runs has nothing left to do, and stops it. */
export async function runToEnd(runIds: readonly string[], runner?: EvaluationRunner): Promise<void> {
  const started = runner ?? (await newTestRunner());
  started.start();
  try {
    for (const id of runIds) await started.idle(id);
  } finally {
    await started.stop();
  }
}

import { randomUUID } from "node:crypto";
import { appContext } from "../config/app-context";
import type { SendResponses } from "../evaluations/item-call";
import { workForRun } from "../evaluations/run-work";
import { EvaluationRunner } from "../evaluations/runner";
import { ScoringJobs, type ScoringJobsOptions } from "../evaluations/scoring-jobs";
import { EvaluationScoringsStore } from "../db/evaluation-scorings-store";
import { sendEvaluationResponse } from "../services/evaluations";

/** A runner over the app context's stores, as the server starts one, polling fast; `send` stands in for the gateway call when a test holds answers. */
export async function newTestRunner(send: SendResponses = sendEvaluationResponse): Promise<EvaluationRunner> {
  const context = await appContext();
  return new EvaluationRunner({
    store: context.evaluationRuns,
    instanceId: randomUUID(),
    pollMs: 50,
    workFor: (runId) => workForRun(context.evaluationRuns, context.questionSets, send, runId),
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

/** Scoring jobs (re-scores) over the app context's stores, as the server's runner polls them. */
export async function newTestScoringJobs(send: SendResponses = sendEvaluationResponse, options: Partial<ScoringJobsOptions> = {}): Promise<ScoringJobs> {
  const context = await appContext();
  return new ScoringJobs({
    scorings: new EvaluationScoringsStore(context.db),
    runs: context.evaluationRuns,
    questionSets: context.questionSets,
    ledger: context.ledger,
    send,
    instanceId: randomUUID(),
    ...options,
  });
}

/** Polls scoring jobs until no scoring is running any more, then stops them. */
export async function scoreToEnd(jobs?: ScoringJobs): Promise<void> {
  const started = jobs ?? (await newTestScoringJobs());
  const store = new EvaluationScoringsStore((await appContext()).db);
  try {
    for (;;) {
      await started.tick();
      if ((await store.running()).length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await started.stop();
  }
}

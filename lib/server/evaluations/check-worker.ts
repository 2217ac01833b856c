/**
 * The check worker: a worker thread that scores answers with the checks that need no model call (patterns,
 * literals, lengths, domains), so their CPU time is never the request loop's. Started and stopped by
 * check-pool.ts; compiled into dist/server/check-worker.js by server/build/compile.mjs, run from source under tsx
 * in development, tests and the CLI. Pure lib/evaluations code only (no server-only module: a worker is not a React
 * server bundle).
 *
 * Protocol: out { ready: true } once loaded; in { id, item, checks, context }; out one { id, index, outcome } per check as it
 * finishes (the pool's deadline restarts at each, so it knows which check ran out of time).
 */
import { parentPort } from "node:worker_threads";
import type { CheckSpec } from "@/lib/evaluations/checks";
import { scoreLocalCheck } from "@/lib/evaluations/evaluate";
import type { ItemResult } from "@/lib/evaluations/item-result";
import type { JudgeContext } from "@/lib/evaluations/judge-protocol";

export interface CheckJob {
  id: number;
  item: ItemResult;
  checks: CheckSpec[];
  /** The question row (its expected answer): `expected-terms` reads it. */
  context: JudgeContext;
}

// Loading this code (under tsx, a second or more) is not a check's time: the pool's deadlines start from here.
parentPort?.postMessage({ ready: true });

parentPort?.on("message", (job: CheckJob) => {
  job.checks.forEach((check, index) => {
    let outcome;
    try {
      outcome = scoreLocalCheck(job.item, check, job.context);
    } catch (error) {
      outcome = { passed: false, reasoning: `The check failed: ${error instanceof Error ? error.message : String(error)}`, details: { error: "check_failed" } };
    }
    parentPort!.postMessage({ id: job.id, index, outcome });
  });
});

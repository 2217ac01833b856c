import "server-only";
import { loggerFor } from "@/lib/observability/logger";
import { randomUUID } from "node:crypto";
import type { AppContext } from "../config/app-context";
import { workForRun } from "../evaluations/run-work";
import { EvaluationRunner } from "../evaluations/runner";
import { ScoringJobs } from "../evaluations/scoring-jobs";
import { EvaluationScoringsStore } from "../db/evaluation-scorings-store";
import type { ResponsesRequest } from "@/lib/contract/gateway";
import { DEMO_RUN_ID } from "./evaluation-demo";
import { startResponse } from "./responses";
import { serverEnv } from "../config/env";
import { chargeUser } from "../config/user-limits";
import type { AppDb } from "../db/app-db";
import { HttpError } from "../http/errors";

const log = loggerFor("evaluations");

/**
 * Evaluations' gateway call for one item of a run: the playground's POST /responses (services/responses.ts), made
 * once; the runner's own policy (Retry-After, bounded retries) decides about another try.
 */
export function sendEvaluationResponse(body: Record<string, unknown>, signal: AbortSignal): Promise<Response> {
  return startResponse(body as ResponsesRequest, signal);
}

/**
 * An evaluation item takes points of its run's owner's responses limit, as a playground answer does (one, and one
 * per judge check): null when taken, else how long the runner waits before that user's next item.
 */
export async function admitEvaluationItem(db: AppDb, userId: string, points: number): Promise<number | null> {
  try {
    await chargeUser(db, "responses", userId, points);
    return null;
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) return Number(error.headers?.["Retry-After"] ?? 1) * 1000;
    throw error;
  }
}

// One runner per process, whichever bundle starts it (Next may load this module more than once).
const KEY = Symbol.for("gatehouse.evaluation-runner");
type Holder = { [KEY]?: EvaluationRunner };

/**
 * Starts this instance's evaluation runner (startup.ts): it resumes the runs left running by a restart and
 * takes its share of every run with other instances on the same PostgreSQL.
 */
export function startEvaluationRunner(context: Pick<AppContext, "db" | "evaluationRuns" | "questionSets" | "ledger">): EvaluationRunner {
  const holder = globalThis as Holder;
  if (holder[KEY]) return holder[KEY];
  const env = serverEnv();
  const instanceId = randomUUID();
  // Re-scores are scoring jobs polled with the runs; their judge calls take points of the owner's responses limit too.
  const scorings = new ScoringJobs({
    scorings: new EvaluationScoringsStore(context.db),
    runs: context.evaluationRuns,
    questionSets: context.questionSets,
    ledger: context.ledger,
    send: sendEvaluationResponse,
    instanceId,
    admit: (userId, points) => admitEvaluationItem(context.db, userId, points),
    onError: (error) => log.error({ err: error }, "evaluation scoring error"),
  });
  const runner = new EvaluationRunner({
    store: context.evaluationRuns,
    instanceId,
    sideWork: scorings,
    workFor: (runId) => workForRun(context.evaluationRuns, context.questionSets, sendEvaluationResponse, runId),
    itemsInFlightMax: env.EVAL_MAX_ITEMS_IN_FLIGHT,
    itemsInFlightPerUserMax: env.EVAL_MAX_ITEMS_IN_FLIGHT_PER_USER,
    // The seeded demo run is the app's own work, charged to nobody's limit (evaluation-demo.ts).
    admit: (userId, points, runId) => (runId === DEMO_RUN_ID ? Promise.resolve(null) : admitEvaluationItem(context.db, userId, points)),
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

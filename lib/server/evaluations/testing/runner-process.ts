/**
 * A runner in a process of its own, for the crash test (runner-resume.test.ts): it opens the app database
 * named by EVAL_DB (a SQLite file, or a postgres:// URL), runs every running evaluation against the gateway at
 * EVAL_GATEWAY_URL, and prints "ready". The test kills it with SIGKILL mid-run.
 */
import { openAppDb } from "../../db/app-db";
import { EvaluationRunsStore } from "../../db/evaluation-runs-store";
import { QuestionSetsStore } from "../../db/question-sets-store";
import { workForRun } from "../run-work";
import { EvaluationRunner } from "../runner";
import { roomyLedger } from "../../testing/test-ledger";

async function main(): Promise<void> {
  const target = process.env.EVAL_DB ?? "";
  const gatewayUrl = process.env.EVAL_GATEWAY_URL ?? "";
  const db = await openAppDb(target.startsWith("postgres") ? { dialect: "postgres", url: target } : { dialect: "sqlite", file: target });
  const runs = new EvaluationRunsStore(db, roomyLedger(db));
  const sets = new QuestionSetsStore(db);
  const runner = new EvaluationRunner({
    store: runs,
    instanceId: process.env.EVAL_INSTANCE ?? "child",
    pollMs: 50,
    leaseMs: Number(process.env.EVAL_LEASE_MS ?? 1000),
    workFor: (runId) =>
      workForRun(runs, sets, (body, signal) =>
        fetch(`${gatewayUrl}/responses`, {
          method: "POST",
          headers: { authorization: `Bearer ${process.env.EVAL_GATEWAY_KEY}`, "content-type": "application/json" },
          body: JSON.stringify(body),
          signal,
        }), runId),
    onError: (error) => console.error(error),
  });
  runner.start();
  console.log("ready");
}

void main();

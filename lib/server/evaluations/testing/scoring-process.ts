/**
 * Scoring jobs in a process of their own, for the crash test (scoring-jobs.test.ts): it opens the app database named
 * by EVAL_DB (a SQLite file, or a postgres:// URL), scores every running scoring with the judge at EVAL_GATEWAY_URL,
 * and prints "ready". The test kills it with SIGKILL mid-scoring.
 */
import { openAppDb } from "../../db/app-db";
import { EvaluationRunsStore } from "../../db/evaluation-runs-store";
import { EvaluationScoringsStore } from "../../db/evaluation-scorings-store";
import { QuestionSetsStore } from "../../db/question-sets-store";
import { ScoringJobs } from "../scoring-jobs";
import { roomyLedger } from "../../testing/test-ledger";

async function main(): Promise<void> {
  const target = process.env.EVAL_DB ?? "";
  const gatewayUrl = process.env.EVAL_GATEWAY_URL ?? "";
  const db = await openAppDb(target.startsWith("postgres") ? { dialect: "postgres", url: target } : { dialect: "sqlite", file: target });
  const ledger = roomyLedger(db);
  const jobs = new ScoringJobs({
    scorings: new EvaluationScoringsStore(db),
    runs: new EvaluationRunsStore(db, ledger),
    questionSets: new QuestionSetsStore(db),
    ledger,
    instanceId: process.env.EVAL_INSTANCE ?? "child",
    leaseMs: Number(process.env.EVAL_LEASE_MS ?? 1000),
    // In this process: the check workers are the server's, not this test's.
    local: async (item, checks, context) => {
      const { scoreLocalCheck } = await import("@/lib/evaluations/evaluate");
      return checks.map((check) => scoreLocalCheck(item, check, context));
    },
    send: (body, signal) =>
      fetch(`${gatewayUrl}/responses`, {
        method: "POST",
        headers: { authorization: `Bearer ${process.env.EVAL_GATEWAY_KEY}`, "content-type": "application/json" },
        body: JSON.stringify(body),
        signal,
      }),
    onError: (error) => console.error(error),
  });
  const poll = async () => {
    await jobs.tick().catch((error) => console.error(error));
    setTimeout(poll, 50);
  };
  void poll();
  console.log("ready");
}

void main();

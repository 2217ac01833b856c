import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCheck } from "@/lib/evaluations/check-spelling";
import type { CheckSpec } from "@/lib/evaluations/checks";
import { scoreLocalCheck } from "@/lib/evaluations/evaluate";
import { DEMO_JUDGE_MODEL } from "@/lib/evaluations/judge-protocol";
import { fileTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import { EvaluationRunsStore } from "../db/evaluation-runs-store";
import { EvaluationScoringsStore } from "../db/evaluation-scorings-store";
import { QuestionSetsStore } from "../db/question-sets-store";
import { useTestAppDb } from "../testing/test-app-db";
import { roomyLedger } from "../testing/test-ledger";
import { ScoringJobs } from "./scoring-jobs";
import { verdictKey } from "./scoring-plan";

/**
 * A scoring job (a re-score, issue 38) whose process stops mid-way: the next instance takes over the items whose
 * lease lapsed, and every judge verdict the dead process had cached is not asked for again.
 */

const PROCESS = path.join(__dirname, "testing", "scoring-process.ts");
const QUESTIONS = 8;

const { gateway, admin } = fileTestGateway();

function startChild(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", PROCESS], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the scoring process exited with ${code}`)));
    child.stderr?.on("data", (chunk) => process.stderr.write(chunk));
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve(child);
    });
  });
}

function checks(...spellings: string[]): CheckSpec[] {
  return spellings.map((spelling) => {
    const parsed = parseCheck(spelling);
    if (!parsed.ok) throw new Error(spelling);
    return parsed.check;
  });
}

const inProcess = async (item: Parameters<typeof scoreLocalCheck>[0], list: readonly CheckSpec[], context: Parameters<typeof scoreLocalCheck>[2]) => list.map((check) => scoreLocalCheck(item, check, context));

describe.each(APP_DB_DIALECTS)("a scoring job cut mid-way, on %s", (dialect) => {
  const testDb = useTestAppDb(dialect, "gatehouse-eval-scoring-");

  it("is finished by the next instance: every answer scored once, no cached verdict paid for twice", async () => {
    const ledger = roomyLedger(testDb.db);
    const runs = new EvaluationRunsStore(testDb.db, ledger);
    const sets = new QuestionSetsStore(testDb.db);
    const scorings = new EvaluationScoringsStore(testDb.db);
    await sets.create({ id: "set-score", name: "Score", rows: Array.from({ length: QUESTIONS }, (_, i) => ({ question: `Question ${i}?` })), userEmail: "editor@test.local" });
    await runs.createEnded({
      id: "run-score",
      userId: "user-1",
      setId: "set-score",
      setVersion: 1,
      plan: { versions: [{ id: "v0", label: "v0", request: { model: "gatehouse/echo" } }], repeats: 1, concurrency: 2, checks: [] },
      capUsd: 1,
      itemReserveUsd: 0,
      status: "finished",
      items: Array.from({ length: QUESTIONS }, (_, i) => ({
        version_index: 0,
        question_index: i,
        repeat_index: 0,
        status: "done" as const,
        result: { answer: `An answer to question ${i} that explains the mechanism.`, citations: [], sources: [], cost_usd: 0, latency_ms: 1, ttft_ms: 1, error: null },
        checks: [],
        costUsd: 0,
      })),
    });
    const created = await scorings.create({
      id: "scoring-cut",
      runId: "run-score",
      userId: "user-1",
      checks: checks("judge:Does the answer explain the mechanism?", "min-length:5"),
      judgeModel: DEMO_JUDGE_MODEL,
      judgeThreshold: undefined,
      judgePricing: { prompt: 0, completion: 0, request: 0, web_search: 0 },
      positions: Array.from({ length: QUESTIONS }, (_, i) => i),
    });
    expect(created).toEqual({ number: 2 });
    // Slow judge answers, so the process is killed with calls in flight.
    await admin("/__faults", { method: "POST", json: { path: "/responses", count: 1000, latency_ms: 300 } });

    const child = await startChild({ EVAL_DB: testDb.location, EVAL_GATEWAY_URL: gateway().baseUrl, EVAL_GATEWAY_KEY: gateway().apiKey, EVAL_INSTANCE: "dead", EVAL_LEASE_MS: "1000" });
    const judgeKey = verdictKey(checks("judge:Does the answer explain the mechanism?")[0], { model: DEMO_JUDGE_MODEL, threshold: undefined });
    const judged = async () => (await testDb.db.kysely.selectFrom("eval_verdicts").select("position").where("run_id", "=", "run-score").where("check_key", "=", judgeKey).execute()).length;
    // At least two answers' judge verdicts cached before the kill.
    await expect.poll(judged, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(2);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    // What the dead process left is read once its last statement has ended on the server, not at the kill's instant.
    await testDb.settledAfterKill();
    const cachedBefore = await testDb.db.kysely.selectFrom("eval_verdicts").selectAll().where("run_id", "=", "run-score").execute();
    const settledBefore = (await testDb.db.kysely.selectFrom("ledger_entries").select("state").where("subject_kind", "=", "evaluation-scoring").execute()).filter((entry) => entry.state === "settled").length;
    expect((await scorings.get("scoring-cut"))?.status).toBe("running");

    let sent = 0;
    const next = new ScoringJobs({
      scorings,
      runs,
      questionSets: sets,
      ledger,
      instanceId: "next",
      // Only the dead process's lease (EVAL_LEASE_MS) needs to lapse; this one's never does on a loaded machine, so
      // nothing it claimed is asked twice.
      leaseMs: 30_000,
      local: inProcess,
      send: (body, signal) => {
        sent += 1;
        return fetch(`${gateway().baseUrl}/responses`, { method: "POST", headers: { authorization: `Bearer ${gateway().apiKey}`, "content-type": "application/json" }, body: JSON.stringify(body), signal });
      },
    });
    try {
      await expect
        .poll(
          async () => {
            await next.tick();
            return (await scorings.get("scoring-cut"))?.status;
          },
          { timeout: 60_000, interval: 100 },
        )
        .toBe("done");
    } finally {
      await next.stop();
    }

    const scoring = await scorings.get("scoring-cut");
    expect(scoring).toMatchObject({ status: "done", total: QUESTIONS, done_count: QUESTIONS });
    const verdicts = await scorings.itemChecks("scoring-cut");
    expect([...verdicts.values()].every((list) => Array.isArray(list) && list.length === 2)).toBe(true);
    // What the dead process cached stays as it was, and only the judge verdicts it had not cached were asked for.
    const cachedAfter = await testDb.db.kysely.selectFrom("eval_verdicts").selectAll().where("run_id", "=", "run-score").execute();
    for (const row of cachedBefore) expect(cachedAfter).toContainEqual(row);
    const judgedBefore = cachedBefore.filter((row) => row.check_key === judgeKey).length;
    expect(judgedBefore).toBeLessThan(QUESTIONS);
    expect(sent).toBe(QUESTIONS - judgedBefore);
    // On the ledger: each answer's judge verdict paid once (settled); the calls the kill cut are unknown, never open.
    const entries = await testDb.db.kysely.selectFrom("ledger_entries").select("state").where("subject_kind", "=", "evaluation-scoring").execute();
    expect(entries.filter((entry) => entry.state === "settled").length).toBe(settledBefore + sent);
    expect(entries.filter((entry) => entry.state === "reserved")).toHaveLength(0);
  }, 120_000);
});

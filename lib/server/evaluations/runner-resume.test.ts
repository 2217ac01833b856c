import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fileTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import { EvaluationRunsStore } from "../db/evaluation-runs-store";
import { QuestionSetsStore } from "../db/question-sets-store";
import { useTestAppDb } from "../testing/test-app-db";
import { workForRun } from "./run-work";
import { EvaluationRunner } from "./runner";
import { roomyLedger } from "../testing/test-ledger";

const QUESTIONS = ["How does keyset pagination work?", "What is SQLite write-ahead logging?", "How do rate limits use Retry-After?"];
const PROCESS = path.join(__dirname, "testing", "runner-process.ts");

const { gateway, admin } = fileTestGateway();

function startChild(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", PROCESS], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the runner process exited with ${code}`)));
    child.stderr?.on("data", (chunk) => process.stderr.write(chunk));
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve(child);
    });
  });
}

describe.each(APP_DB_DIALECTS)("a runner killed mid-run, on %s", (dialect) => {
  const testDb = useTestAppDb(dialect, "gatehouse-eval-resume-");

  it("is resumed by the next runner: every item ends done, none the dead one finished runs again", async () => {
    const runs = new EvaluationRunsStore(testDb.db, roomyLedger(testDb.db));
    const sets = new QuestionSetsStore(testDb.db);
    const questions = Array.from({ length: 8 }, (_, index) => ({ question: `${QUESTIONS[index % 3]} (${index})` }));
    await sets.create({ id: "set-resume", name: "Resume", rows: questions, userEmail: "editor@test.local" });
    const items = questions.flatMap((_, question) => [0, 1].map((version) => ({ version_index: version, question_index: question, repeat_index: 0 })));
    await runs.create({
      id: "run-resume",
      userId: "user-1",
      setId: "set-resume",
      setVersion: 1,
      plan: {
        versions: [0, 1].map((version) => ({ id: `v${version}`, label: `v${version}`, request: { model: "gatehouse/echo", plugins: [{ id: "web", max_results: 2 + version }] } })),
        repeats: 1,
        concurrency: 2,
      },
      capUsd: 1,
      itemReserveUsd: 0,
      items,
    });
    // Slow answers, so the process is killed with items in flight.
    await admin("/__faults", { method: "POST", json: { path: "/responses", count: 1000, latency_ms: 300 } });

    const child = await startChild({ EVAL_DB: testDb.location, EVAL_GATEWAY_URL: gateway().baseUrl, EVAL_GATEWAY_KEY: gateway().apiKey, EVAL_INSTANCE: "dead", EVAL_LEASE_MS: "1000" });
    // Killed as soon as it has finished some items and holds others: on a loaded machine a later moment (three
    // done, say) could come after the child had finished every item, leaving nothing in flight to resume.
    await expect
      .poll(
        async () => {
          const seen = await runs.items("run-resume");
          return seen.some((item) => item.status === "done") && seen.some((item) => item.status === "claimed");
        },
        { timeout: 90_000, interval: 20 },
      )
      .toBe(true);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    // What the dead runner left is read once its last statement has ended on the server, not at the kill's instant.
    await testDb.settledAfterKill();
    const before = await runs.items("run-resume");
    const doneBefore = before.filter((item) => item.status === "done");
    expect(before.some((item) => item.status === "claimed" && item.claimed_by === "dead")).toBe(true);

    let sent = 0;
    const next = new EvaluationRunner({
      store: runs,
      instanceId: "next",
      pollMs: 50,
      // Only the dead runner's lease (EVAL_LEASE_MS) needs to lapse; this one's never does on a loaded machine, so
      // nothing it claimed is asked twice.
      leaseMs: 30_000,
      workFor: (runId) =>
        workForRun(runs, sets, (body, signal) => {
          sent++;
          return fetch(`${gateway().baseUrl}/responses`, {
            method: "POST",
            headers: { authorization: `Bearer ${gateway().apiKey}`, "content-type": "application/json" },
            body: JSON.stringify(body),
            signal,
          });
        }, runId),
    });
    next.start();
    await next.idle("run-resume");
    await next.stop();

    const after = await runs.items("run-resume");
    expect((await runs.get("run-resume"))?.status).toBe("finished");
    expect(after.every((item) => item.status === "done")).toBe(true);
    // What the dead runner finished is kept as it was, and only the rest was asked again.
    for (const done of doneBefore) expect(after[done.position]).toEqual(done);
    expect(sent).toBe(items.length - doneBefore.length);
    // The child process starts through tsx (a few seconds on a loaded machine) before it answers anything.
  }, 150_000);
});

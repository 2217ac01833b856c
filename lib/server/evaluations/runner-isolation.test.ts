import { describe, expect, it } from "vitest";
import { fileTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { EvaluationRunRequestSchema } from "@/lib/contract/bff/evaluations";
import { EvaluationRunsStore } from "../db/evaluation-runs-store";
import { roomyLedger } from "../testing/test-ledger";
import { QuestionSetsStore } from "../db/question-sets-store";
import { useTestAppDb } from "../testing/test-app-db";
import { workForRun } from "./run-work";
import { EvaluationRunner } from "./runner";

/**
 * Issue 36, finding 2: the API took 50 checks and the runner 32, so a run of 33 checks never ran and stopped every
 * run after it (the runner's poll threw on it first, each time, and logged each time). Now one limit is read by
 * both, and a run the runner cannot execute is stopped with the reason while the others go on.
 */

const { gateway } = fileTestGateway();
const SET_ID = "3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b";
const tooMany = Array.from({ length: 33 }, (_, i) => `min-length:${i}`);

describe("a run's plan is checked with the runner's own limits", () => {
  it("refuses 33 checks at creation, naming the field", () => {
    const parsed = EvaluationRunRequestSchema.safeParse({ set_id: SET_ID, models: ["gatehouse/echo"], checks: tooMany, cap_usd: 1 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toContain("checks");
  });
});

describe("one run the runner cannot execute", () => {
  const testDb = useTestAppDb("sqlite", "gatehouse-eval-isolation-");

  it("is stopped with the reason on its page, once, while a run started after it finishes", async () => {
    const runs = new EvaluationRunsStore(testDb.db, roomyLedger(testDb.db));
    const sets = new QuestionSetsStore(testDb.db);
    await sets.create({ id: "set-iso", name: "Isolation", rows: [{ question: "What is SQLite write-ahead logging?" }, { question: "How does keyset pagination work?" }], userEmail: "editor@test.local" });
    const items = [0, 1].map((question) => ({ version_index: 0, question_index: question, repeat_index: 0 }));
    const plan = (checks: unknown[]) => ({ versions: [{ id: "echo", label: "echo", request: { model: "gatehouse/echo" } }], repeats: 1, concurrency: 2, checks });
    // The bad run is older, so the runner's poll meets it first, as in the report.
    await runs.create({ id: "run-bad", userId: "u1", setId: "set-iso", setVersion: 1, plan: plan(tooMany.map((spelling) => ({ kind: "min-length", chars: Number(spelling.split(":")[1]) }))), capUsd: 1, itemReserveUsd: 0, items, at: new Date(Date.now() - 1000) });
    await runs.create({ id: "run-good", userId: "u2", setId: "set-iso", setVersion: 1, plan: plan([{ kind: "min-length", chars: 1 }]), capUsd: 1, itemReserveUsd: 0, items });

    const errors: unknown[] = [];
    const runner = new EvaluationRunner({
      store: runs,
      instanceId: "iso",
      pollMs: 20,
      workFor: (runId) =>
        workForRun(runs, sets, (body, signal) =>
          fetch(`${gateway().baseUrl}/responses`, { method: "POST", headers: { authorization: `Bearer ${gateway().apiKey}`, "content-type": "application/json" }, body: JSON.stringify(body), signal }), runId),
      onError: (error) => errors.push(error),
    });
    runner.start();
    try {
      await expect.poll(async () => (await runs.get("run-good"))?.status, { timeout: 30_000, interval: 50 }).toBe("finished");
      // A few more polls: the bad run must not be reported on each of them.
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await runner.stop();
    }
    const bad = await runs.get("run-bad");
    expect(bad?.status).toBe("stopped");
    expect(bad?.stop_reason).toMatch(/cannot go on: .*checks.*at most 32/);
    expect((await runs.items("run-bad")).map((item) => item.status)).toEqual(["cancelled", "cancelled"]);
    expect((await runs.items("run-good")).map((item) => item.status)).toEqual(["done", "done"]);
    expect(errors.length).toBeLessThanOrEqual(1);
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionSetSavedEnvelopeSchema } from "@/lib/contract/bff/evaluations";
import { ErrorBodySchema } from "@/lib/contract/gateway";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { appContext } from "../config/app-context";
import { createSet } from "../handlers/evaluation-sets";
import { createEvaluationRun } from "../handlers/evaluation-runs";
import { admitEvaluationItem, sendEvaluationResponse } from "../services/evaluations";
import { params, setUpBff, signInNewUser, type BffTestEnv } from "../testing/test-support";
import { workForRun } from "./run-work";
import { EvaluationRunner } from "./runner";

/**
 * Issue 36, finding 4: nothing bounded a user's runs or items in flight, and evaluation items skipped the per-user
 * responses limit: ten runs at concurrency 16 had 160 items in flight and sent 1,000 responses in 12.5 s. Now a
 * user has at most EVAL_MAX_RUNNING_RUNS_PER_USER runs running, one instance at most EVAL_MAX_ITEMS_IN_FLIGHT_PER_USER
 * of their items in flight, and every item takes a point of RATE_LIMIT_RESPONSES_PER_MINUTE.
 */

const PER_USER = 4;
const RESPONSES_PER_MINUTE = 12;
let gateway: EmbeddedGateway;
let bff: BffTestEnv;
let setId: string;

beforeAll(async () => {
  // Slow answers, so items overlap: what is in flight at once is what is measured.
  gateway = await startTestGateway({ answerTimeScale: 1 });
  bff = await setUpBff(gateway, { MODEL_MAX_COST_PER_DAY_USD: "1000", RATE_LIMIT_RESPONSES_PER_MINUTE: String(RESPONSES_PER_MINUTE), EVAL_MAX_RUNNING_RUNS_PER_USER: "3" });
  const rows = Array.from({ length: 20 }, (_, i) => ({ question: `How does keyset pagination work, part ${i}?` }));
  const created = await createSet(bff.request("/api/evaluations/question-sets", { role: "editor", json: { name: "bounds", rows } }), params({}));
  setId = QuestionSetSavedEnvelopeSchema.parse(await created.json()).data.set_id;
}, 60_000);
afterAll(async () => {
  await bff.cleanup();
  await gateway.close();
});

/** Writes a running run of `userId`'s straight to the store (the create route's own bound is tested below). */
async function runOf(userId: string, items: number): Promise<string> {
  const id = randomUUID();
  await (await appContext()).evaluationRuns.create({
    id,
    userId,
    setId,
    setVersion: 1,
    plan: { versions: [{ id: "gatehouse/echo", label: "echo", request: { model: "gatehouse/echo" } }], repeats: 1, concurrency: 16, checks: [] },
    capUsd: 100,
    itemReserveUsd: 0,
    items: Array.from({ length: items }, (_, question) => ({ version_index: 0, question_index: question, repeat_index: 0 })),
  });
  return id;
}

describe("evaluation bounds", () => {
  it("refuses a user's fourth running run with 429 naming the setting", async () => {
    const start = () => createEvaluationRun(bff.request("/api/evaluations/runs", { role: "editor", json: { set_id: setId, models: ["gatehouse/echo"], cap_usd: 1 } }), params({}));
    for (let i = 0; i < 3; i++) expect((await start()).status).toBe(201);
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(ErrorBodySchema.parse(await refused.json()).error.metadata).toMatchObject({ setting: "EVAL_MAX_RUNNING_RUNS_PER_USER" });
    await (await appContext()).db.kysely.updateTable("eval_runs").set({ status: "cancelled" }).where("status", "=", "running").execute();
  });

  it("keeps one user's items in flight under the per-user bound and their rate limit, while another user's run goes on", async () => {
    const context = await appContext();
    const heavy = await Promise.all(Array.from({ length: 10 }, () => runOf(bff.userIds.editor, 20)));
    const other = await signInNewUser("editor", "other-editor@test.local");
    const light = await runOf(other.id, 2);
    const flying = new Map<string, number>();
    let worst = 0;
    const runner = new EvaluationRunner({
      store: context.evaluationRuns,
      instanceId: "bounds",
      pollMs: 20,
      itemsInFlightPerUserMax: PER_USER,
      itemsInFlightMax: 32,
      admit: (userId, points) => admitEvaluationItem(context.db, userId, points),
      workFor: (runId) =>
        workForRun(
          context.evaluationRuns,
          context.questionSets,
          sendEvaluationResponse,
          runId,
        ).then((work) => {
          if (!work) return work;
          return {
            ...work,
            execute: async (item, signal) => {
              const who = work.userId ?? "";
              flying.set(who, (flying.get(who) ?? 0) + 1);
              if (who === bff.userIds.editor) worst = Math.max(worst, flying.get(who)!);
              try {
                return await work.execute(item, signal);
              } finally {
                flying.set(who, flying.get(who)! - 1);
              }
            },
          };
        }),
    });
    runner.start();
    try {
      await expect.poll(async () => (await context.evaluationRuns.get(light))?.status, { timeout: 30_000, interval: 100 }).toBe("finished");
      // The heavy user's items stop at their responses limit: the rest wait (pending, not failed).
      await expect.poll(async () => (await context.evaluationRuns.totals(heavy)).filter((row) => row.status === "done").reduce((sum, row) => sum + row.count, 0), { timeout: 30_000, interval: 100 }).toBe(RESPONSES_PER_MINUTE);
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await runner.stop();
    }
    const totals = await context.evaluationRuns.totals(heavy);
    const count = (status: string) => totals.filter((row) => row.status === status).reduce((sum, row) => sum + row.count, 0);
    console.log(`[finding 4] worst items in flight for one user: ${worst}; answered within the minute: ${count("done")} of 200`);
    expect(worst).toBeLessThanOrEqual(PER_USER);
    expect(worst).toBeGreaterThan(1);
    expect(count("done")).toBe(RESPONSES_PER_MINUTE);
    expect(count("failed")).toBe(0);
  }, 90_000);
});

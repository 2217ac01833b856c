import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { caller, startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { appContext } from "../config/app-context";
import { postResponses } from "../handlers/responses";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";

/**
 * Issue 39: a playground answer whose stream is cut mid-answer (the embedded gateway's fault switch: no final event,
 * no usage, no generation recorded) has an unknown cost: its ledger entry keeps counting its reserve, never $0.
 */
describe("a playground answer cut mid-stream", () => {
  let gateway: EmbeddedGateway;
  let bff: BffTestEnv;

  beforeAll(async () => {
    gateway = await startTestGateway({ answerTimeScale: 0 });
    bff = await setUpBff({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey });
  }, 60_000);
  afterAll(async () => {
    await bff.cleanup();
    await gateway.close();
  });

  it("keeps its reserve on the ledger (its outcome is unknown), while a whole answer settles at its reported cost", async () => {
    const context = await appContext();
    const ask = () => postResponses(bff.request("/api/responses", { role: "editor", json: { model: "gatehouse/scholar", input: "What is keyset pagination?", stream: true } }), params({}));
    const whole = await ask();
    await whole.text();
    await expect.poll(() => context.ledger.budget(bff.userIds.editor).then((budget) => budget.day.spentUsd)).toBeGreaterThan(0);
    const settled = (await context.ledger.budget(bff.userIds.editor)).day.spentUsd;

    const fault = await caller(gateway, gateway.managementKey)("/__faults", { method: "POST", json: { path: "/responses", method: "POST", count: 1, cut_stream_after_deltas: 2 } });
    expect(fault.status).toBeLessThan(300);
    const cut = await ask();
    expect(cut.status).toBe(200);
    await cut.text().catch(() => "");
    // The cut answer's reserve (an upper bound far above what a whole answer cost) stays counted.
    await expect.poll(() => context.ledger.budget(bff.userIds.editor).then((budget) => budget.day.spentUsd - settled), { timeout: 10_000 }).toBeGreaterThan(settled * 3);
    // Once the stream ended: unknown at its reserve (no usage came, and the gateway recorded no generation for it).
    const last = () => context.db.kysely.selectFrom("ledger_entries").select(["state", "settled_usd"]).where("user_id", "=", bff.userIds.editor).orderBy("created_ms", "desc").executeTakeFirstOrThrow();
    await expect.poll(last, { timeout: 10_000 }).toEqual({ state: "unknown", settled_usd: null });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UsageGenerationEnvelopeSchema, UsageReconciliationEnvelopeSchema } from "@/lib/contract/bff/usage";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { appContext } from "../config/app-context";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { postResponses } from "./responses";
import { getUsageCallGeneration, getUsageReconciliation } from "./usage";

/** Issue 39 part 4: the ledger's total beside the embedded gateway's /activity for the same UTC days. */
describe("usage reconciliation", () => {
  let gateway: EmbeddedGateway;
  let bff: BffTestEnv;
  beforeAll(async () => {
    gateway = await startTestGateway({ answerTimeScale: 0 });
    bff = await setUpBff({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey, managementKey: gateway.managementKey }, { MODEL_MAX_COST_PER_DAY_USD: "50" });
  }, 60_000);
  afterAll(async () => {
    await bff.cleanup();
    await gateway.close();
  });

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const read = async (query: string, role: "admin" | "editor" = "admin") => getUsageReconciliation(bff.request(`/api/usage/reconciliation?${query}`, { role }), params({}));

  it("shows both totals for the gateway's completed days, and the gap; admins only", async () => {
    const answer = await postResponses(bff.request("/api/responses", { role: "editor", json: { model: "gatehouse/swift", input: "Reconcile me", stream: false } }), params({}));
    expect(answer.status).toBe(200);
    // A call three days ago, on the ledger only: the gap shows what the gateway did not count.
    const { ledger } = await appContext();
    const at = Date.now() - 3 * 86_400_000;
    const entry = await ledger.reserve({ userId: bff.userIds.editor, feature: "cli", model: "gatehouse/swift", subject: { kind: "cli", id: "x" }, reserveUsd: 0.5, at });
    await ledger.settle(entry.id, { costUsd: 0.25, at });
    // Today is not a completed day at the gateway: the range ending today compares the days before it.
    const response = await read(`from=${day(-10)}&to=${day(0)}`);
    expect(response.status).toBe(200);
    const data = UsageReconciliationEnvelopeSchema.parse(await response.json()).data;
    expect(data.to).toBe(day(-1));
    expect(data.gateway_note).toBeNull();
    expect(data.ledger_usd).toBeCloseTo(0.25, 12);
    expect(data.gateway_usd).not.toBeNull();
    expect(data.gap_usd).toBeCloseTo((data.gateway_usd ?? NaN) - data.ledger_usd, 12);
    expect((await read(`from=${day(-10)}&to=${day(0)}`, "editor")).status).toBe(403);
    const old = UsageReconciliationEnvelopeSchema.parse(await (await read(`from=${day(-100)}&to=${day(-60)}`)).json()).data;
    expect(old.gateway_usd).toBeNull();
    expect(old.gateway_note).toMatch(/30 completed/);
  });

  it("drills down to a call's generation for its person or an admin, 404 for anyone else", async () => {
    const answer = await postResponses(bff.request("/api/responses", { role: "editor", json: { model: "gatehouse/swift", input: "Drill down", stream: false } }), params({}));
    const body = (await answer.json()) as { usage: { cost: number } };
    const { db } = await appContext();
    const entry = await db.kysely.selectFrom("ledger_entries").select(["id", "generation_id"]).where("user_id", "=", bff.userIds.editor).where("generation_id", "is not", null).orderBy("created_ms", "desc").executeTakeFirstOrThrow();
    const drill = (role: "admin" | "editor" | "viewer", id = entry.id) => getUsageCallGeneration(bff.request(`/api/usage/calls/${id}/generation`, { role }), params({ id }));
    for (const role of ["editor", "admin"] as const) {
      const response = await drill(role);
      expect(response.status, role).toBe(200);
      const data = UsageGenerationEnvelopeSchema.parse(await response.json()).data;
      expect(data.generation_id).toBe(entry.generation_id);
      expect(data.cost_usd).toBeCloseTo(body.usage.cost, 12);
      expect(data.provider).toBeTruthy();
    }
    expect((await drill("viewer")).status).toBe(404);
    expect((await drill("admin", "no-such-call")).status).toBe(404);
  });
});

import { describe, expect, it } from "vitest";
import { ActivityResponseSchema, CreditsEnvelopeSchema, ErrorBodySchema, GenerationEnvelopeSchema, KeyEnvelopeSchema } from "@/lib/contract/gateway";
import { fileTestGateway, readSse } from "./testing/harness";

/** Issue 39 D: GET /generation?id=, /credits, /key and /activity as the published OpenAPI describes them. */
const { api, admin } = fileTestGateway({ answerTimeScale: 0 });

async function answer(stream: boolean): Promise<{ id: string; cost: number }> {
  const response = await api("/responses", { method: "POST", json: { model: "gatehouse/swift", input: "What is keyset pagination?", stream } });
  expect(response.status).toBe(200);
  if (!stream) {
    const body = (await response.json()) as { id: string; usage: { cost: number } };
    return { id: body.id, cost: body.usage.cost };
  }
  const { events } = await readSse(response);
  const final = events.at(-1) as { response: { id: string; usage: { cost: number } } };
  return { id: final.response.id, cost: final.response.usage.cost };
}

describe("the gateway's accounting reads", () => {
  it("keeps each answer as a generation, with what it cost", async () => {
    for (const stream of [true, false]) {
      const { id, cost } = await answer(stream);
      const response = await api(`/generation?id=${encodeURIComponent(id)}`);
      expect(response.status).toBe(200);
      const { data } = GenerationEnvelopeSchema.parse(await response.json());
      expect(data).toMatchObject({ id, model: "gatehouse/swift", total_cost: cost, streamed: stream, cancelled: false, finish_reason: "stop" });
      expect(data.tokens_prompt).toBeGreaterThan(0);
    }
    expect((await api("/generation?id=gen-nope")).status).toBe(404);
    const missing = await api("/generation");
    expect(missing.status).toBe(400);
    expect(ErrorBodySchema.parse(await missing.json()).error.message).toContain("id");
  });

  it("sums the answers in /credits, /key (today, this week, this month) and /activity per UTC day and model", async () => {
    const { cost } = await answer(false);
    const credits = CreditsEnvelopeSchema.parse(await (await admin("/credits")).json()).data;
    expect(credits.total_usage).toBeGreaterThanOrEqual(cost);
    expect((await api("/credits")).status).toBe(403);
    const key = KeyEnvelopeSchema.parse(await (await api("/key")).json()).data;
    expect(key.usage_daily).toBeGreaterThanOrEqual(cost);
    expect(key.usage_monthly).toBeGreaterThanOrEqual(key.usage_daily);
    expect(key.usage).toBeCloseTo(credits.total_usage, 9);
    const today = new Date().toISOString().slice(0, 10);
    const activity = ActivityResponseSchema.parse(await (await admin(`/activity?date=${today}`)).json()).data;
    const swift = activity.find((row) => row.model === "gatehouse/swift");
    expect(swift?.usage).toBeCloseTo(credits.total_usage, 9);
    expect(swift?.requests).toBe(3);
    // The default window is the last 30 completed UTC days: today is not in it yet.
    expect(ActivityResponseSchema.parse(await (await admin("/activity")).json()).data).toEqual([]);
    expect((await admin("/activity?date=yesterday")).status).toBe(400);
  });
});

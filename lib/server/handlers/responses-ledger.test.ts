import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "@/lib/contract/gateway";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import { appContext } from "../config/app-context";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { postResponses } from "./responses";
import { startStandInGateway, type StandInGateway } from "../testing/stand-in-gateway";

/**
 * Issue 39: the playground's answers on the ledger. Each POST /api/responses reserves its request's upper bound
 * before the gateway is asked and settles the cost the gateway reported; past the person's budget it is refused
 * (429/402 with spent, limit and reset) and the gateway never hears of it.
 */
describe.each(APP_DB_DIALECTS)("playground spending on %s", (dialect) => {
  let gateway: EmbeddedGateway;
  let bff: BffTestEnv;

  beforeAll(async () => {
    gateway = await startTestGateway({ answerTimeScale: 0 });
    bff = await setUpBff({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey }, { MODEL_MAX_COST_PER_DAY_USD: "50" }, { database: dialect });
  }, 60_000);
  afterAll(async () => {
    await bff.cleanup();
    await gateway.close();
  });

  const ask = (extra: Record<string, unknown> = {}) => postResponses(bff.request("/api/responses", { role: "editor", json: { model: "gatehouse/swift", input: "What is keyset pagination?", stream: true, ...extra } }), params({}));

  async function playgroundEntries() {
    const { db } = await appContext();
    return db.kysely.selectFrom("ledger_entries").selectAll().where("user_id", "=", bff.userIds.editor).where("subject_kind", "=", "playground-response").orderBy("created_ms").execute();
  }

  it("settles a streamed answer at the cost its final event reported, and a JSON one at its usage.cost", async () => {
    const streamed = await ask();
    expect(streamed.status).toBe(200);
    const text = await streamed.text();
    const final = text.split("\n").filter((line) => line.startsWith("data: {") && line.includes('"response.completed"')).at(-1)!;
    const cost = (JSON.parse(final.slice(6)) as { response: { usage: { cost: number } } }).response.usage.cost;
    expect(cost).toBeGreaterThan(0);
    // The settle runs as the stream ends: wait for it.
    await expect.poll(async () => (await playgroundEntries()).at(-1)?.state).toBe("settled");
    const [entry] = await playgroundEntries();
    expect(entry).toMatchObject({ feature: "playground", model: "gatehouse/swift", state: "settled" });
    expect(Number(entry.settled_usd)).toBeCloseTo(cost, 12);
    expect(Number(entry.reserved_usd)).toBeGreaterThanOrEqual(cost);

    const json = await ask({ stream: false });
    const body = (await json.json()) as { usage: { cost: number } };
    const entries = await playgroundEntries();
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ state: "settled" });
    expect(Number(entries[1].settled_usd)).toBeCloseTo(body.usage.cost, 12);
  });

  it("releases the reserve of a call the gateway refused", async () => {
    const before = (await playgroundEntries()).length;
    const refused = await ask({ model: "no-such/model" });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const entries = await playgroundEntries();
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({ state: "released" });
  });

  it("refuses an answer past the person's budget, naming what was spent, the limit and when it resets", async () => {
    const { ledger } = await appContext();
    const spent = (await ledger.budget(bff.userIds.editor)).day.spentUsd;
    await ledger.setLimits(bff.userIds.editor, { dayUsd: spent + 0.001, monthUsd: null });
    const before = (await playgroundEntries()).length;
    const refused = await ask();
    expect([402, 429]).toContain(refused.status);
    const error = ErrorBodySchema.parse(await refused.json()).error;
    expect(error.metadata).toMatchObject({ limit: "per_day", limit_usd: spent + 0.001, resets_at: expect.any(String) });
    expect(error.message).toMatch(/This answer's reserve, \$[\d.]+, with the \$[\d.]+ spent today \(UTC\) is over your limit/);
    expect(await playgroundEntries()).toHaveLength(before);
    await ledger.setLimits(bff.userIds.editor, { dayUsd: null, monthUsd: null });
  });

  it("puts a preset's try on the ledger as preset-try with its preset and version, and refuses it past the budget", async () => {
    const { db, ledger } = await appContext();
    const tries = () => db.kysely.selectFrom("ledger_entries").selectAll().where("user_id", "=", bff.userIds.editor).where("feature", "=", "preset-try").orderBy("created_ms").execute();
    const tried = await ask({ model: "@preset/web-research@1" });
    expect(tried.status, await tried.clone().text()).toBe(200);
    await tried.text();
    await expect.poll(async () => (await tries()).at(-1)?.state).toBe("settled");
    expect((await tries()).at(-1)).toMatchObject({ model: "@preset/web-research@1", preset: "web-research", preset_version: 1 });

    const spent = (await ledger.budget(bff.userIds.editor)).day.spentUsd;
    await ledger.setLimits(bff.userIds.editor, { dayUsd: spent + 0.001, monthUsd: null });
    const before = (await tries()).length;
    const refused = await ask({ model: "@preset/web-research@1" });
    expect([402, 429]).toContain(refused.status);
    expect(ErrorBodySchema.parse(await refused.json()).error.metadata).toMatchObject({ limit: "per_day", limit_usd: spent + 0.001, spent_usd: expect.any(Number), resets_at: expect.any(String) });
    expect(await tries()).toHaveLength(before);
    await ledger.setLimits(bff.userIds.editor, { dayUsd: null, monthUsd: null });
  });
});

describe("an answer without usage.cost", () => {
  let standIn: StandInGateway;
  let bff: BffTestEnv;
  beforeAll(async () => {
    standIn = await startStandInGateway((request) => {
      if (/\/models(\?|$)/.test(request.url)) return { json: { data: [{ id: "real/model", name: "Real", pricing: { prompt: "0.000001", completion: "0.000002" }, context_length: 1000 }] } };
      if (request.url.endsWith("/responses")) return { json: { id: "gen-abc", object: "response", status: "completed", model: "real/model", output: [], usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 } } };
      if (request.url.endsWith("/generation?id=gen-abc")) return { json: { data: { id: "gen-abc", model: "real/model", created_at: new Date().toISOString(), total_cost: 0.0004, provider_name: "P", latency: 10, tokens_prompt: 10, tokens_completion: 5, num_search_results: 0, streamed: false, cancelled: false, finish_reason: "stop" } } };
      return { status: 404, json: { error: { code: 404, message: "no" } } };
    });
    bff = await setUpBff(standIn, {}, { database: "sqlite" });
  });
  afterAll(async () => {
    await bff.cleanup();
    await standIn.close();
  });

  it("settles at the gateway's generation record", async () => {
    const response = await postResponses(bff.request("/api/responses", { role: "editor", json: { model: "real/model", input: "Hi", stream: false } }), params({}));
    expect(response.status).toBe(200);
    await response.text();
    const { db } = await appContext();
    const [entry] = await db.kysely.selectFrom("ledger_entries").selectAll().where("user_id", "=", bff.userIds.editor).execute();
    expect(entry).toMatchObject({ state: "settled", generation_id: "gen-abc", input_tokens: 10 });
    expect(Number(entry.settled_usd)).toBeCloseTo(0.0004, 12);
    expect(standIn.requests.some((request) => request.url.endsWith("/generation?id=gen-abc"))).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BudgetEnvelopeSchema } from "@/lib/contract/bff/schemas";
import { GenerationEnvelopeSchema, type Generation, type GenerationSettings } from "@/lib/contract/bff/video-generations";
import { ErrorBodySchema } from "@/lib/contract/gateway";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import { mintSessionCookie } from "../auth/session";
import { appContext } from "../config/app-context";
import { clearVideoModelsCache } from "../services/catalog";
import { startCountingProxy, type CountingProxy } from "../testing/counting-proxy";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { getMyBudget, putUserBudget } from "./budgets";
import { createGeneration, getGeneration } from "./video-generations";

/**
 * Issue 39, video generation: an admin sets a person's budget (PUT /api/users/[id]/budget), the person generates
 * videos. What fits lands on the one ledger as a `video` entry of theirs; the next generation that would pass the
 * day's or the month's limit is refused (429 when a reset lets it through, else 402) naming the limit, what was
 * spent, the limit and when it resets, and nothing of it reaches the gateway. Real HTTP to an embedded gateway
 * through a proxy that counts what reaches it; the app database on both dialects.
 */
const VEO = "google/veo-3.1";
/** Veo 3.1 with audio, $0.75/s: $3.00 for 4 s, $6.00 for 8 s. */
const FOUR_SECONDS: GenerationSettings = { duration: 4, resolution: "720p", aspect_ratio: "16:9", audio: true };
const EIGHT_SECONDS: GenerationSettings = { ...FOUR_SECONDS, duration: 8 };

describe.each(APP_DB_DIALECTS)("video generation within an admin-set budget on %s", (dialect) => {
  let gateway: EmbeddedGateway;
  let proxy: CountingProxy;
  let bff: BffTestEnv;
  let counter = 0;

  beforeAll(async () => {
    gateway = await startTestGateway({ videoTimeScale: 0, videoCreditsUsd: 1000 });
    proxy = await startCountingProxy(gateway.baseUrl);
    // Every spending setting explicit: the caller's environment decides nothing here.
    bff = await setUpBff(
      { baseUrl: proxy.baseUrl, apiKey: gateway.apiKey },
      { MODEL_MAX_COST_PER_DAY_USD: "100", MODEL_MAX_COST_PER_MONTH_USD: "1000", VIDEO_MAX_COST_PER_DAY_USD: "", VIDEO_MAX_COST_PER_REQUEST_USD: "20" },
      { database: dialect },
    );
    clearVideoModelsCache();
  }, 60_000);
  afterAll(async () => {
    await bff.cleanup();
    await proxy.close();
    await gateway.close();
  });

  /** A person of their own (an empty ledger), signed in. */
  async function person(): Promise<{ id: string; cookie: string }> {
    const user = await (await appContext()).users.create({ email: `budget-${dialect}-${counter++}@test.local`, role: "editor", passwordHash: "unused" });
    return { id: user.id, cookie: await mintSessionCookie(user.id) };
  }

  async function setBudget(userId: string, limits: { day_usd: number | null; month_usd: number | null }) {
    const response = await putUserBudget(bff.request(`/api/users/${userId}/budget`, { role: "admin", method: "PUT", json: limits }), params({ id: userId }));
    expect(response.status, await response.clone().text()).toBe(200);
  }

  function submit(cookie: string, settings: GenerationSettings) {
    const headers = { cookie, "idempotency-key": `budget-${dialect}-${counter++}` };
    return createGeneration(bff.request("/api/videos/generations", { role: null, json: { prompt: "A lighthouse in a storm", models: [VEO], settings }, headers }), params({}));
  }

  /** Reads the generation (which polls the gateway) until its job has ended. */
  async function ended(cookie: string, id: string): Promise<Generation> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const response = await getGeneration(bff.request(`/api/videos/generations/${id}`, { role: null, headers: { cookie } }), params({ id }));
      const generation = GenerationEnvelopeSchema.parse(await response.json()).data;
      if (generation.jobs.every((job) => !["pending", "in_progress"].includes(job.status))) return generation;
      if (Date.now() > deadline) throw new Error(`generation ${id} still running: ${JSON.stringify(generation.jobs)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A generation that fits: 202, its job completes, and its cost is on the person's ledger as a `video` entry. */
  async function generatesWithin(who: { id: string; cookie: string }, settings: GenerationSettings, costUsd: number) {
    const before = proxy.count("POST", "/videos");
    const response = await submit(who.cookie, settings);
    expect(response.status, await response.clone().text()).toBe(202);
    const generation = await ended(who.cookie, GenerationEnvelopeSchema.parse(await response.json()).data.id);
    expect(generation.jobs.map((job) => [job.status, job.cost])).toEqual([["completed", costUsd]]);
    expect(proxy.count("POST", "/videos")).toBe(before + 1);
    const entries = await (await appContext()).ledger.entriesOf({ kind: "video-generation", id: `${generation.id}:0` });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ user_id: who.id, feature: "video", model: VEO, state: "settled", reserved_usd: costUsd, settled_usd: costUsd });
  }

  /** A generation past the budget: refused with `status`, nothing sent to the gateway, nothing recorded; the error. */
  async function refused(who: { cookie: string }, settings: GenerationSettings, status: 402 | 429) {
    const before = proxy.count("POST", "/videos");
    const response = await submit(who.cookie, settings);
    expect(response.status, await response.clone().text()).toBe(status);
    const error = ErrorBodySchema.parse(await response.json()).error;
    expect(error.code).toBe(status);
    expect(proxy.count("POST", "/videos")).toBe(before);
    return { error, retryAfter: response.headers.get("retry-after") };
  }

  /** The person's budget as they read it (the header menu). */
  async function budgetOf(cookie: string) {
    return BudgetEnvelopeSchema.parse(await (await getMyBudget(bff.request("/api/me/budget", { role: null, headers: { cookie } }), params({}))).json()).data;
  }

  it("a day limit an admin set: the first generation lands on the ledger, the next is refused (429 until midnight UTC) and never reaches the gateway", async () => {
    const who = await person();
    await setBudget(who.id, { day_usd: 4, month_usd: null });
    await generatesWithin(who, FOUR_SECONDS, 3);
    expect((await budgetOf(who.cookie)).day).toMatchObject({ limit_usd: 4, spent_usd: 3, is_default: false });

    const { error, retryAfter } = await refused(who, FOUR_SECONDS, 429);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(error.metadata).toMatchObject({ limit: "per_day", limit_usd: 4, spent_usd: 3, estimated_cost_usd: 3, resets_at: midnight.toISOString() });
    expect(error.message).toMatch(/\$3\.00, with the \$3\.00 spent today \(UTC\) is over your limit of \$4\.00 a day\. It resets in /);
    expect(Math.abs(Number(retryAfter) - (midnight.getTime() - Date.now()) / 1000)).toBeLessThan(60);
    // The refusal spent nothing: the person's day still counts the one generation.
    expect((await budgetOf(who.cookie)).day.spent_usd).toBe(3);
  });

  it("a month limit an admin set: the first generation lands on the ledger; past the month 429 until the 1st, and 402 for more than the whole month's limit", async () => {
    const who = await person();
    await setBudget(who.id, { day_usd: null, month_usd: 5 });
    await generatesWithin(who, FOUR_SECONDS, 3);
    expect((await budgetOf(who.cookie)).month).toMatchObject({ limit_usd: 5, spent_usd: 3, is_default: false });

    const firstOfNextMonth = new Date();
    firstOfNextMonth.setUTCHours(0, 0, 0, 0);
    firstOfNextMonth.setUTCDate(1);
    firstOfNextMonth.setUTCMonth(firstOfNextMonth.getUTCMonth() + 1);
    const again = await refused(who, FOUR_SECONDS, 429);
    expect(again.error.metadata).toMatchObject({ limit: "per_month", limit_usd: 5, spent_usd: 3, estimated_cost_usd: 3, resets_at: firstOfNextMonth.toISOString() });
    expect(again.error.message).toMatch(/with the \$3\.00 spent this month \(UTC\) is over your limit of \$5\.00 a month/);
    expect(Number(again.retryAfter)).toBeGreaterThan(0);

    // $6.00 is more than the month's whole limit: waiting will not help (402, no Retry-After).
    const never = await refused(who, EIGHT_SECONDS, 402);
    expect(never.error.metadata).toMatchObject({ limit: "per_month", limit_usd: 5, spent_usd: 3, estimated_cost_usd: 6 });
    expect(never.error.message).toMatch(/Ask an admin for a larger budget/);
    expect(never.retryAfter).toBeNull();
    expect((await budgetOf(who.cookie)).month.spent_usd).toBe(3);
  });
});

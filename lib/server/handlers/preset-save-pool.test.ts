import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "@/lib/contract/gateway";
import { fileTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { appContext } from "../config/app-context";
import { POOL_SIZE } from "../db/app-db";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { savePreset } from "./presets";
import { getMe } from "./users";

// Issue 25, item 4: one editor's burst of saves must not starve the app database's connection pool.
// A real PostgreSQL (pool of 20 per instance), the embedded gateway over HTTP, the real route handlers.

const SAVES = 60;
/** Each save's gateway write takes this long, as a real gateway's would: lock holders hold on meanwhile. */
const GATEWAY_WRITE_MS = 250;

const { gateway, admin: gw } = fileTestGateway();
let bff: BffTestEnv;

beforeAll(async () => {
  bff = await setUpBff(gateway(), {}, { database: "postgres" });
});
afterAll(async () => {
  await bff?.cleanup();
});

afterEach(async () => {
  await gw("/__faults", { method: "DELETE" });
});
const chat = { model: "gatehouse/echo", messages: [{ role: "user", content: "hi" }] };

async function save(slug: string): Promise<Response> {
  return savePreset(bff.request(`/api/presets/${slug}`, { role: "editor", json: chat }), params({ slug }));
}

/** Makes the gateway's next `count` writes of `slug` (any slug: "*") take `ms`; resolves with the rule's id. */
async function slowWrites(slug: string, count: number, ms: number): Promise<string> {
  const added = await gw("/__faults", { method: "POST", json: { path: `/presets/${slug}/chat/completions`, method: "POST", count, latency_ms: ms } });
  expect(added.status).toBeLessThan(300);
  return ((await added.json()) as { data: { id: string } }).data.id;
}

/** Resolves once `reached` of the rule's requests have arrived at the gateway (they are then in their delay). */
async function arrived(rule: string, total: number, reached: number): Promise<void> {
  await until(async () => {
    const rules = ((await (await gw("/__faults")).json()) as { data: { id: string; remaining: number }[] }).data;
    return total - (rules.find((r) => r.id === rule)?.remaining ?? 0) >= reached;
  });
}

async function until(condition: () => Promise<boolean>, deadlineMs = 20_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met before the deadline");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("a burst of preset saves from one editor (PostgreSQL)", () => {
  it(`answers each of ${SAVES} concurrent saves 2xx or 429, never 503; every preset the gateway saved has its audit row; another user is served meanwhile`, async () => {
    const rule = await slowWrites("*", SAVES, GATEWAY_WRITE_MS);
    const slugs = Array.from({ length: SAVES }, (_, i) => `pool-burst-${i}`);
    const saves = Promise.all(slugs.map((slug) => save(slug)));
    // Another user's session check while saves hold their locks (their gateway writes under way): it must be
    // answered, not starved.
    await arrived(rule, SAVES, 1);
    const other = await getMe(bff.request("/api/me", { role: "viewer" }), params({}));
    const answers = await saves;

    const statuses = answers.map((answer) => answer.status);
    console.log(`[preset-save-pool] /api/me ${other.status}; saves: ${JSON.stringify(countBy(statuses))}`);
    const refused = answers.filter((answer) => answer.status === 429);
    for (const answer of refused) {
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(ErrorBodySchema.parse(await answer.json()).error.code).toBe(429);
    }
    const okOr429 = (status: number) => (status >= 200 && status < 300) || status === 429;

    // Whatever reached the gateway is in the audit log, answered 200 or not.
    const { audit } = await appContext();
    const savedAtGateway: string[] = [];
    for (const slug of slugs) {
      const response = await gw(`/presets/${slug}`);
      await response.body?.cancel();
      if (response.status === 200) savedAtGateway.push(slug);
    }
    const unaudited: string[] = [];
    for (const slug of savedAtGateway) if ((await audit.listForPreset(slug)).length === 0) unaudited.push(slug);
    // One assertion, so a failure shows all three.
    expect({ me: other.status, otherAnswers: statuses.filter((status) => !okOr429(status)), unaudited }).toEqual({ me: 200, otherAnswers: [], unaudited: [] });
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    expect(savedAtGateway.length).toBe(statuses.filter((status) => status === 200).length);
  });

  it("writes the audit row on the save's own lock connection: a pool with none to spare loses no row", async () => {
    const slug = "pool-full-audit";
    const rule = await slowWrites(slug, 1, GATEWAY_WRITE_MS);
    const saving = save(slug);
    await arrived(rule, 1, 1);
    // The save holds its lock and waits for the gateway: take every other connection of the pool meanwhile.
    const { db, audit } = await appContext();
    if (db.driver.dialect !== "postgres") throw new Error("this suite runs on PostgreSQL");
    const pool = db.driver.pool;
    const held = await Promise.all(Array.from({ length: POOL_SIZE - pool.totalCount + pool.idleCount }, () => pool.connect()));
    let status: number;
    try {
      status = (await saving).status;
    } finally {
      for (const client of held) client.release();
    }
    expect(status).toBe(200);
    expect((await audit.listForPreset(slug)).map((row) => row.user_email)).toEqual(["editor@test.local"]);
  });

  it("a save whose browser goes away while the gateway writes still records the version it made", async () => {
    const slug = "pool-abort-audit";
    const rule = await slowWrites(slug, 1, GATEWAY_WRITE_MS);
    const browser = new AbortController();
    const saving = savePreset(bff.request(`/api/presets/${slug}`, { role: "editor", json: chat, signal: browser.signal }), params({ slug }));
    await arrived(rule, 1, 1);
    browser.abort();
    await saving;
    const atGateway = await gw(`/presets/${slug}`);
    await atGateway.body?.cancel();
    const { audit } = await appContext();
    expect({ gateway: atGateway.status, audited: (await audit.listForPreset(slug)).length }).toEqual({ gateway: 200, audited: 1 });
  });

  it("refuses an editor's third save at once with 429 and Retry-After while two are under way; another editor saves meanwhile", async () => {
    const rule = await slowWrites("*", 2, 3_000);
    const first = [save("pool-cap-1"), save("pool-cap-2")];
    await arrived(rule, 2, 2);
    const third = await save("pool-cap-3");
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("1");
    expect(ErrorBodySchema.parse(await third.json()).error.message).toMatch(/2 preset saves under way/);
    const admins = await savePreset(bff.request("/api/presets/pool-cap-admin", { role: "admin", json: chat }), params({ slug: "pool-cap-admin" }));
    expect(admins.status).toBe(200);
    expect((await Promise.all(first)).map((answer) => answer.status)).toEqual([200, 200]);
    // Once they are done, the editor saves again.
    expect((await save("pool-cap-3")).status).toBe(200);
  });
});

function countBy(values: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

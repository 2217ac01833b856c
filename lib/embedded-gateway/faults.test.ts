import { ErrorBodySchema, FileListResponseSchema, MESSAGES } from "@/lib/contract/gateway";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pathMatches } from "./faults";
import type { EmbeddedGateway } from "./server";
import { caller, readSse, startTestGateway, type Caller } from "./testing/harness";

let gateway: EmbeddedGateway;
let limited: EmbeddedGateway;
let api: Caller;
let admin: Caller;

beforeAll(async () => {
  [gateway, limited] = await Promise.all([startTestGateway(), startTestGateway({ rateLimitPerMinute: 3, faults: false })]);
  api = caller(gateway);
  admin = caller(gateway, gateway.managementKey);
});
afterAll(() => Promise.all([gateway.close(), limited.close()]));
afterEach(async () => {
  await admin("/__faults", { method: "DELETE" });
});

const fault = (body: Record<string, unknown>) => admin("/__faults", { method: "POST", json: body });

describe("fault injection", () => {
  it("fails the next N requests of a route with the chosen status, then recovers", async () => {
    expect((await fault({ path: "/files", method: "GET", count: 2, status: 503, retry_after_seconds: 4 })).status).toBe(201);
    const first = await api("/files?limit=1");
    const second = await api("/files?limit=1");
    expect([first.status, second.status]).toEqual([503, 503]);
    expect(first.headers.get("retry-after")).toBe("4");
    expect(ErrorBodySchema.parse(await first.json()).error.code).toBe(503);
    // Other methods and routes are untouched while the rule is active.
    expect((await api("/presets")).status).toBe(200);
    expect((await api("/files?limit=1")).status).toBe(200);
  });

  it("injects 429 with Retry-After and 500 with the contract's body", async () => {
    await fault({ path: "/presets", count: 1, status: 429, retry_after_seconds: 7 });
    await fault({ path: "/presets", count: 1, status: 500 });
    const limitedResponse = await api("/presets");
    expect(limitedResponse.status).toBe(429);
    expect(limitedResponse.headers.get("retry-after")).toBe("7");
    expect(await limitedResponse.json()).toEqual({ error: { code: 429, message: MESSAGES.rateLimited } });
    const failed = await api("/presets");
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ error: { code: 500, message: MESSAGES.internal } });
    expect((await api("/presets")).status).toBe(200);
  });

  it("matches path patterns with * and adds latency", async () => {
    await fault({ path: "/api/v1/presets/*/versions", count: 1, latency_ms: 300 });
    const started = Date.now();
    const response = await api("/presets/web-research/versions");
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect((await (await admin("/__faults")).json()).data).toEqual([]);
  });

  it("cuts a stream after K events: the connection ends without [DONE]", async () => {
    const before = await (await admin("/__debug/streams")).json();
    await fault({ path: "/responses", count: 1, cut_stream_after_events: 5 });
    const cut = await api("/responses", { method: "POST", json: { model: "gatehouse/echo", input: "hello there", stream: true } });
    expect(cut.status).toBe(200);
    const read = await readSse(cut);
    expect(read.events).toHaveLength(5);
    expect(read.done).toBe(false);
    expect(read.error).not.toBeNull();
    const after = await (await admin("/__debug/streams")).json();
    expect(after.cut_by_fault).toBe(before.cut_by_fault + 1);

    const whole = await readSse(await api("/responses", { method: "POST", json: { model: "gatehouse/echo", input: "hello there", stream: true } }));
    expect(whole.done).toBe(true);
    expect(whole.error).toBeNull();
  });

  it("is for management keys only, validates its input and is absent unless enabled", async () => {
    expect((await api("/__faults", { method: "POST", json: { path: "/files", count: 1, status: 500 } })).status).toBe(403);
    expect((await api("/__debug/streams")).status).toBe(403);
    const bad = await fault({ path: "/files", count: 1, status: 418 });
    expect(bad.status).toBe(400);
    expect(ErrorBodySchema.parse(await bad.json()).error.message).toContain("status");
    const off = caller(limited, limited.managementKey);
    expect((await off("/__faults", { method: "POST", json: { path: "/files", count: 1, status: 500 } })).status).toBe(404);
    expect((await off("/__debug/streams")).status).toBe(404);
  });
});

describe("rate limit on GET /files", () => {
  it("allows the configured requests per minute per key, then 429 with Retry-After and X-RateLimit headers", async () => {
    const key = caller(limited);
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await key("/files?limit=1");
      expect(response.status).toBe(200);
      FileListResponseSchema.parse(await response.json());
      expect(response.headers.get("x-ratelimit-limit")).toBe("3");
      remaining.push(response.headers.get("x-ratelimit-remaining"));
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    const refused = await key("/files?limit=1");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: { code: 429, message: MESSAGES.rateLimited } });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(refused.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);

    // Per key: the management key has its own budget; other endpoints are not limited.
    expect((await caller(limited, limited.managementKey)("/files?limit=1")).status).toBe(200);
    expect((await key("/presets")).status).toBe(200);
  });
});

describe("fault path patterns", () => {
  // * is one segment, ** one or more; a pattern may name the base path or leave it out; a star inside a segment is a letter.
  it.each([
    ["/presets/*/chat/completions", "/api/v1/presets/abc/chat/completions", true],
    ["/presets/*/chat/completions", "/api/v1/presets/a/b/chat/completions", false],
    ["/presets/*/versions", "/presets/web-research/versions", true],
    ["/presets/*/versions", "/presets/a/b/versions", false],
    ["/files/**", "/api/v1/files/x/content", true],
    ["/files/**", "/files/abc/content", true],
    ["/files/**", "/files", false],
    ["/files", "/api/v1/files/x", false],
    ["/api/v1/files", "/api/v1/files", true],
    ["/api/v1/files", "/files/", true],
    ["/a*b", "/axb", false],
    ["/a*b", "/a*b", true],
  ])("match %s against %s: %s", (pattern, path, expected) => {
    expect(pathMatches(pattern, path)).toBe(expected);
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "@/lib/contract/gateway";
import { fileTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { closeAppContexts } from "./app-context";
import { resetServerEnv } from "./env";
import { listModels } from "../handlers/catalog";
import { listFiles, uploadFile } from "../handlers/files";
import { getPresetAudit } from "../handlers/presets";
import { postResponses } from "../handlers/responses";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";

/** Per-user limits through real handlers, real Requests and an embedded gateway over HTTP. */

const RESPONSES = 3;
const UPLOADS = 2;
const GATEWAY = 4;

const { gateway, admin } = fileTestGateway();
let bff: BffTestEnv;

beforeEach(async () => {
  // A fresh data folder per test: fresh buckets, fresh users.
  bff = await setUpBff(gateway(), {
    RATE_LIMIT_RESPONSES_PER_MINUTE: String(RESPONSES),
    RATE_LIMIT_UPLOADS_PER_MINUTE: String(UPLOADS),
    RATE_LIMIT_GATEWAY_PER_MINUTE: String(GATEWAY),
  });
});
afterEach(async () => {
  await bff.cleanup();
  resetServerEnv();
});

const ask = { model: "gatehouse/echo", input: "Hello", stream: true };

async function respond(role: "editor" | "admin", init: { json?: unknown; headers?: Record<string, string> } = { json: ask }): Promise<Response> {
  const response = await postResponses(bff.request("/api/responses", { role, method: "POST", ...init }), params({}));
  return response;
}

/** Completed streams the gateway has served: proof of whether a call reached it. */
async function gatewayStreamsCompleted(): Promise<number> {
  const response = await admin("/__debug/streams");
  return ((await response.json()) as { completed: number }).completed;
}

async function expectLimited(response: Response, bucket: string, limit: number) {
  expect(response.status).toBe(429);
  const retryAfter = response.headers.get("retry-after");
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  const body = ErrorBodySchema.parse(await response.json());
  expect(body.error.code).toBe(429);
  expect(body.error.metadata).toMatchObject({ bucket, limit, window_seconds: 60, retry_after: Number(retryAfter) });
  // The message alone tells the user which limit and when to come back.
  expect(body.error.message).toMatch(new RegExp(`limit of ${limit} .+ a minute\\. Try again in \\d+ (second|minute)s?\\.`));
}

describe("per-user limits", () => {
  it("the (n+1)th model response in a minute is refused with 429 and Retry-After, before reaching the gateway", async () => {
    for (let i = 0; i < RESPONSES; i++) {
      const response = await respond("editor");
      expect(response.status).toBe(200);
      await response.text();
    }
    const before = await gatewayStreamsCompleted();
    await expectLimited(await respond("editor"), "responses", RESPONSES);
    expect(await gatewayStreamsCompleted()).toBe(before);
  });

  it("another user is unaffected, and so are the user's other buckets", async () => {
    for (let i = 0; i < RESPONSES; i++) await (await respond("editor")).text();
    await expectLimited(await respond("editor"), "responses", RESPONSES);
    const other = await respond("admin");
    expect(other.status).toBe(200);
    await other.text();
    expect((await listModels(bff.request("/api/models", { role: "editor" }), params({}))).status).toBe(200);
  });

  it("ordinary gateway reads have their own bucket; routes that never reach the gateway have none", async () => {
    for (let i = 0; i < GATEWAY; i++) expect((await listFiles(bff.request("/api/files?limit=5", { role: "viewer" }), params({}))).status).toBe(200);
    await expectLimited(await listFiles(bff.request("/api/files?limit=5", { role: "viewer" }), params({})), "gateway", GATEWAY);
    // The preset audit is read from the app database: no gateway call, no limit.
    for (let i = 0; i < GATEWAY + 2; i++) {
      expect((await getPresetAudit(bff.request("/api/presets/x/audit", { role: "viewer" }), params({ slug: "x" }))).status).toBe(200);
    }
  });

  it("uploads have their own bucket", async () => {
    const upload = () => {
      const encoded = new Response((() => {
        const form = new FormData();
        form.append("file", new File(["limit test\n"], "limit.txt", { type: "text/plain" }));
        return form;
      })());
      return uploadFile(
        bff.request("/api/files", { role: "editor", method: "POST", body: encoded.body!, headers: { "content-type": encoded.headers.get("content-type")! } }),
        params({}),
      );
    };
    for (let i = 0; i < UPLOADS; i++) expect((await upload()).status).toBe(200);
    await expectLimited(await upload(), "uploads", UPLOADS);
  });

  it("a 400 counts (the request reached us); 401 and 403 refusals cost nobody's budget", async () => {
    // Anonymous and cross-origin callers are refused before the limit is consulted.
    for (let i = 0; i < RESPONSES + 2; i++) {
      expect((await respond("editor", { json: ask, headers: { origin: "https://evil.example" } })).status).toBe(403);
      expect((await postResponses(bff.request("/api/responses", { role: null, json: ask }), params({}))).status).toBe(401);
    }
    const ok = await respond("editor");
    expect(ok.status).toBe(200);
    await ok.text();
    // Bad input is charged: a client spraying invalid requests is throttled like any other.
    for (let i = 1; i < RESPONSES; i++) expect((await respond("editor", { json: { model: "" } })).status).toBe(400);
    await expectLimited(await respond("editor"), "responses", RESPONSES);
  });

  it("counts live in the app database: they survive reopening it", async () => {
    for (let i = 0; i < RESPONSES; i++) await (await respond("editor")).text();
    await closeAppContexts();
    resetServerEnv();
    await expectLimited(await respond("editor"), "responses", RESPONSES);
  });
});

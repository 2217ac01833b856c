import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { resetServerEnv } from "../config/env";
import { HttpError } from "../http/errors";
import { RETRY_BUDGET_MS, upstreamError, upstreamFetch, upstreamJson } from "./upstream";

/** A scripted gateway: each request takes the next answer for its path. */
type Answer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };
const script = new Map<string, Answer[]>();
const seen: { method: string; url: string; auth?: string }[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization });
    req.resume();
    const answers = script.get(req.url!.split("?")[0]) ?? [];
    const answer = answers.length > 1 ? answers.shift()! : (answers[0] ?? { status: 404, body: "{}" });
    setTimeout(() => {
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      res.end(answer.body ?? "{}");
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  script.clear();
  seen.length = 0;
  Object.assign(process.env, {
    GATEWAY_URL: base,
    GATEWAY_API_KEY: "sk-api-secret-value",
    GATEWAY_MANAGEMENT_KEY: "sk-mgmt-secret-value",
    AUTH_SECRET: "s".repeat(40),
    GATEWAY_TIMEOUT_MS: "1500",
  });
  resetServerEnv();
});

/** A gateway URL on a port nobody listens on. */
async function closedGatewayUrl(): Promise<string> {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return `http://127.0.0.1:${port}/api/v1`;
}


/** The HttpError status a call fails with (null when it does not fail). */
const failureStatus = (call: Promise<unknown>) => call.then(
  () => null,
  (error: unknown) => (error as HttpError).status,
);

/** A signal the browser aborts 50 ms from now, while the gateway is still answering. */
function abortedSoon(): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 50);
  return controller.signal;
}

describe("upstreamFetch", () => {
  it("sends the API key and retries a GET on 503 until it succeeds", async () => {
    script.set("/api/v1/files", [{ status: 503 }, { status: 502 }, { status: 200, body: '{"ok":true}' }]);
    const { data } = await upstreamJson({ method: "GET", path: "/files", query: { limit: 5, cursor: undefined } });
    expect(data).toEqual({ ok: true });
    expect(seen.map((s) => s.url)).toEqual(["/api/v1/files?limit=5", "/api/v1/files?limit=5", "/api/v1/files?limit=5"]);
    expect(seen.every((s) => s.auth === "Bearer sk-api-secret-value")).toBe(true);
  });

  it("honours a short Retry-After on 429", async () => {
    script.set("/api/v1/files", [{ status: 429, headers: { "retry-after": "1" } }, { status: 200 }]);
    const started = Date.now();
    const response = await upstreamFetch({ method: "GET", path: "/files" });
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("returns a 429 at once when Retry-After exceeds the wait budget, passing Retry-After on", async () => {
    script.set("/api/v1/files", [{ status: 429, headers: { "retry-after": "30" }, body: '{"error":{"code":429,"message":"Rate limit exceeded"}}' }]);
    const started = Date.now();
    const response = await upstreamFetch({ method: "GET", path: "/files" });
    expect(Date.now() - started).toBeLessThan(RETRY_BUDGET_MS);
    const error = await upstreamError(response);
    expect(error.status).toBe(429);
    expect(error.headers).toEqual({ "Retry-After": "30" });
    expect(await error.toResponse().json()).toEqual({ error: { code: 429, message: "Rate limit exceeded", metadata: { upstream_status: 429 } } });
  });

  it("gives up after three attempts within the budget", async () => {
    script.set("/api/v1/files", [{ status: 503 }]);
    const response = await upstreamFetch({ method: "GET", path: "/files" });
    expect(response.status).toBe(503);
    expect(seen).toHaveLength(3);
  });

  it("never retries a POST", async () => {
    script.set("/api/v1/responses", [{ status: 503 }, { status: 200 }]);
    const response = await upstreamFetch({ method: "POST", path: "/responses", json: {} });
    expect(response.status).toBe(503);
    expect(seen).toHaveLength(1);
  });

  it("uses the management key only when asked", async () => {
    script.set("/api/v1/presets/p/chat/completions", [{ status: 200 }]);
    await upstreamFetch({ method: "POST", path: "/presets/p/chat/completions", json: {}, key: "management" });
    expect(seen[0].auth).toBe("Bearer sk-mgmt-secret-value");
  });

  it("turns an unreachable gateway into a 502 quickly", async () => {
    process.env.GATEWAY_URL = await closedGatewayUrl();
    resetServerEnv();
    const started = Date.now();
    const error = await upstreamFetch({ method: "GET", path: "/files" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(502);
    expect((error as HttpError).message).toMatch(/Cannot reach the model gateway/);
    expect((error as HttpError).metadata).toEqual({ upstream_status: null, reason: "ECONNREFUSED" });
    expect(Date.now() - started).toBeLessThan(RETRY_BUDGET_MS + 500);
  });

  it("says an embedded gateway that cannot be reached is being started again", async () => {
    Object.assign(process.env, { GATEWAY_URL: await closedGatewayUrl(), GATEHOUSE_MODE: "embedded" });
    resetServerEnv();
    try {
      const error = await upstreamFetch({ method: "GET", path: "/files" }).catch((e: unknown) => e);
      expect((error as HttpError).status).toBe(502);
      expect((error as HttpError).message).toBe(
        "Cannot reach the model gateway: it is not running or refuses connections. Gatehouse starts its embedded gateway again by itself: try again in a few seconds.",
      );
    } finally {
      delete process.env.GATEHOUSE_MODE;
      resetServerEnv();
    }
  });

  it("times out a gateway that does not answer (504)", async () => {
    script.set("/api/v1/responses", [{ status: 200, delayMs: 3000 }]);
    expect(await failureStatus(upstreamFetch({ method: "POST", path: "/responses", json: {} }))).toBe(504);
  });

  it("times out a JSON call whose answer does not come (504), without retrying past the budget", async () => {
    script.set("/api/v1/presets", [{ status: 200, delayMs: 3000 }]);
    const started = Date.now();
    expect(await failureStatus(upstreamJson({ method: "GET", path: "/presets" }))).toBe(504);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it("stops a JSON call at once when the browser aborts", async () => {
    script.set("/api/v1/presets", [{ status: 200, delayMs: 3000 }]);
    const signal = abortedSoon();
    const started = Date.now();
    expect(await failureStatus(upstreamJson({ method: "GET", path: "/presets", signal }))).toBe(499);
    // Well before the 3 s the answer would have taken: the abort, not the answer, ended the call.
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("stops at once when the browser aborts", async () => {
    script.set("/api/v1/responses", [{ status: 200, delayMs: 3000 }]);
    expect(await failureStatus(upstreamFetch({ method: "POST", path: "/responses", json: {}, signal: abortedSoon() }))).toBe(499);
  });
});

describe("upstreamError", () => {
  it("keeps status, message and metadata, and redacts echoed keys", async () => {
    const body = JSON.stringify({ error: { code: 400, message: "bad key sk-api-secret-value in header", metadata: { echo: "Bearer sk-mgmt-secret-value" } } });
    const error = await upstreamError(new Response(body, { status: 400 }));
    const json = JSON.stringify(await error.toResponse().json());
    expect(error.status).toBe(400);
    expect(json).not.toContain("secret-value");
    expect(json).toContain("[redacted]");
  });

  it("maps the gateway refusing our key to 502, not to the user's 401", async () => {
    const error = await upstreamError(new Response('{"error":{"code":401,"message":"Missing Authentication header"}}', { status: 401 }));
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/refused Gatehouse's API key \(401: Missing Authentication header\).*GATEWAY_API_KEY/);
  });

  it("keeps nothing of a non-JSON error page", async () => {
    const error = await upstreamError(new Response("<html>nginx sk-api-secret-value</html>", { status: 500 }));
    expect(error.status).toBe(500);
    expect(error.message).toBe("The gateway answered 500");
  });
});

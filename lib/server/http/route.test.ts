import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { appContext } from "../config/app-context";
import { jsonResponse } from "./errors";
import { defineRoute } from "./route";
import { SESSION_COOKIE } from "../auth/session";
import { params, setUpBff, TEST_ORIGIN, type BffTestEnv } from "../testing/test-support";

let bff: BffTestEnv;
beforeEach(async () => {
  bff = await setUpBff({ baseUrl: "http://127.0.0.1:9/api/v1", apiKey: "k" });
});
afterEach(() => bff.cleanup());

const editorOnly = defineRoute({ role: "editor", mutating: true }, async ({ user }) => jsonResponse({ who: user.email }));
const viewerRead = defineRoute<{ id: string }>({ role: "viewer" }, async ({ params: p, user }) => jsonResponse({ id: p.id, role: user.role }));

async function call(handler: typeof editorOnly, request: Request) {
  const response = await handler(request, params({}));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("defineRoute", () => {
  it("401 without a session, in the contract's shape", async () => {
    const { status, body } = await call(editorOnly, bff.request("/api/x", { method: "POST" }));
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: 401, message: expect.stringMatching(/Sign in/) } });
  });

  it("403 below the role, naming both roles", async () => {
    const { status, body } = await call(editorOnly, bff.request("/api/x", { method: "POST", role: "viewer" }));
    expect(status).toBe(403);
    expect(body.error).toMatchObject({ code: 403, metadata: { required_role: "editor", role: "viewer" } });
  });

  it("runs the handler for the role and above, with params", async () => {
    expect((await call(editorOnly, bff.request("/api/x", { method: "POST", role: "admin" }))).body).toEqual({ who: "admin@test.local" });
    const response = await viewerRead(bff.request("/api/x/7", { role: "viewer" }), params({ id: "7" }));
    expect(await response.json()).toEqual({ id: "7", role: "viewer" });
  });

  it("refuses a write from another origin or without Origin", async () => {
    const foreign = await call(editorOnly, bff.request("/api/x", { method: "POST", role: "editor", headers: { origin: "https://evil.example" } }));
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toMatchObject({ message: "Cross-origin request refused" });
    const request = new Request(`${TEST_ORIGIN}/api/x`, { method: "POST", headers: { cookie: bff.cookies.editor } });
    expect((await call(editorOnly, request)).status).toBe(403);
  });

  it("accepts the configured public origin (APP_ORIGIN) a reverse proxy serves us under", async () => {
    const request = () =>
      bff.request("/api/x", {
        method: "POST",
        role: "editor",
        headers: { host: "127.0.0.1:3000", origin: "https://gatehouse.example.com", "x-forwarded-host": "gatehouse.example.com", "x-forwarded-proto": "https" },
      });
    // Forwarding headers alone vouch for nothing: anyone can send them.
    expect((await call(editorOnly, request())).status).toBe(403);
    process.env.APP_ORIGIN = "https://gatehouse.example.com";
    try {
      expect((await call(editorOnly, request())).status).toBe(200);
    } finally {
      delete process.env.APP_ORIGIN;
    }
  });

  it("refuses a DNS-rebinding write whose Origin matches its own foreign Host", async () => {
    // What a page on rebind.attacker.test, re-pointed at 127.0.0.1, sends: Host and Origin agree.
    const rebound = bff.request("/api/x", {
      method: "POST",
      role: "admin",
      headers: { host: "rebind.attacker.test:3000", origin: "http://rebind.attacker.test:3000" },
    });
    const { status, body } = await call(editorOnly, rebound);
    expect(status).toBe(403);
    expect(body.error).toMatchObject({ message: "Cross-origin request refused" });
    // The demo on this machine, by name or address, still writes.
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000"]) {
      const own = bff.request("/api/x", { method: "POST", role: "admin", headers: { host, origin: `http://${host}` } });
      expect((await call(editorOnly, own)).status, host).toBe(200);
    }
  });

  it("rejects a forged, expired or foreign-secret token", async () => {
    const forged = bff.cookies.editor.replace(/.{8}$/, "AAAAAAAA");
    expect((await call(editorOnly, bff.request("/api/x", { method: "POST", headers: { cookie: forged } }))).status).toBe(401);
    const expired = await encode({ token: { sub: bff.userIds.admin }, secret: process.env.AUTH_SECRET!, salt: SESSION_COOKIE, maxAge: -60 });
    expect((await call(editorOnly, bff.request("/api/x", { method: "POST", headers: { cookie: `${SESSION_COOKIE}=${expired}` } }))).status).toBe(401);
    const other = await encode({ token: { sub: bff.userIds.admin }, secret: "another-secret-another-secret-another", salt: SESSION_COOKIE });
    expect((await call(editorOnly, bff.request("/api/x", { method: "POST", headers: { cookie: `${SESSION_COOKIE}=${other}` } }))).status).toBe(401);
  });

  it("applies a role change or removal on the next request, not at the next sign-in", async () => {
    const { users } = await appContext();
    // A higher role applies within the session; a lower one ends it (session-revocation.test.ts).
    await users.update(bff.userIds.viewer, { role: "editor" });
    expect((await call(editorOnly, bff.request("/api/x", { method: "POST", role: "viewer" }))).status).toBe(200);
    await users.update(bff.userIds.editor, { role: "viewer" });
    expect((await call(editorOnly, bff.request("/api/x", { method: "POST", role: "editor" }))).status).toBe(401);
    users.remove(bff.userIds.viewer);
    expect((await call(editorOnly, bff.request("/api/x", { method: "POST", role: "viewer" }))).status).toBe(401);
  });

  it("turns an unexpected exception into a 500 without details", async () => {
    const broken = defineRoute({ role: "viewer" }, async () => {
      throw new Error("database password is hunter2");
    });
    const response = await broken(bff.request("/api/x", { role: "viewer" }), params({}));
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(text).not.toContain("hunter2");
    expect(JSON.parse(text).error).toMatchObject({ code: 500, message: "Internal Server Error" });
  });
});

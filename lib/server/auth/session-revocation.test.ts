import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import type { Role } from "@/lib/contract/bff/schemas";
import { appContext } from "../config/app-context";
import { authConfigFor } from "./auth-config";
import { deleteUser, getMe, updateUser } from "../handlers/users";
import { mintSessionCookie, readSessionToken, SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from "./session";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import { params, setUpBff, TEST_ORIGIN, type BffTestEnv } from "../testing/test-support";

// Issue 12 item 4: an old session cookie stops working on the next request after a password reset, a
// lower role, removal or sign-out. Every case goes through a real route handler with a real sealed cookie.

let bff: BffTestEnv;

/** GET /api/me with exactly this cookie: 200 while the session stands, 401 once it is over. */
async function meWith(cookie: string): Promise<number> {
  const response = await getMe(new Request(`${TEST_ORIGIN}/api/me`, { headers: { cookie } }), params({}));
  return response.status;
}

async function adminPatch(id: string, json: unknown): Promise<number> {
  const response = await updateUser(bff.request(`/api/users/${id}`, { role: "admin", method: "PATCH", json }), params({ id }));
  return response.status;
}

/** A second, independent session of the same user (another browser). */
const anotherSession = (role: Role) => mintSessionCookie(bff.userIds[role]);

describe.each(APP_DB_DIALECTS)("session revocation on %s", (dialect) => {
  beforeEach(async () => {
    bff = await setUpBff({ baseUrl: "http://127.0.0.1:9/api/v1", apiKey: "k" }, {}, { database: dialect });
  });
  afterEach(() => bff.cleanup());

  it("a password reset by an admin ends every session of that user", async () => {
    const laptop = bff.cookies.editor;
    const phone = await anotherSession("editor");
    expect(await meWith(laptop)).toBe(200);
    expect(await adminPatch(bff.userIds.editor, { password: "a-brand-new-password" })).toBe(200);
    expect(await meWith(laptop)).toBe(401);
    expect(await meWith(phone)).toBe(401);
    // Signing in again gives a session that works.
    expect(await meWith(await anotherSession("editor"))).toBe(200);
  });

  it("a lower role ends the sessions; a higher role or a new name does not", async () => {
    const editor = bff.cookies.editor;
    expect(await adminPatch(bff.userIds.editor, { name: "Renamed" })).toBe(200);
    expect(await adminPatch(bff.userIds.editor, { role: "admin" })).toBe(200);
    expect(await meWith(editor)).toBe(200);
    expect(await adminPatch(bff.userIds.editor, { role: "viewer" })).toBe(200);
    expect(await meWith(editor)).toBe(401);
  });

  it("removal ends the sessions", async () => {
    const viewer = bff.cookies.viewer;
    const response = await deleteUser(bff.request(`/api/users/${bff.userIds.viewer}`, { role: "admin", method: "DELETE" }), params({ id: bff.userIds.viewer }));
    expect(response.status).toBe(204);
    expect(await meWith(viewer)).toBe(401);
  });

  it("signing out ends that session for good (a copied cookie too), and only that one", async () => {
    const copied = bff.cookies.editor;
    const otherBrowser = await anotherSession("editor");
    const token = await readSessionToken(new Headers({ cookie: copied }));
    // What Auth.js calls when the user signs out, with the token it decoded from the cookie.
    await authConfigFor().events!.signOut!({ token } as never);
    expect(await meWith(copied)).toBe(401);
    expect(await meWith(otherBrowser)).toBe(200);
  });

  it("`npm run user -- sign-out` (endAllSessions) ends every session of the user", async () => {
    const one = bff.cookies.admin;
    const two = await anotherSession("admin");
    await (await appContext()).users.endAllSessions(bff.userIds.admin);
    expect(await meWith(one)).toBe(401);
    expect(await meWith(two)).toBe(401);
  });

  it("a token without a session id and version (an older build's) is not a session", async () => {
    const secret = process.env.AUTH_SECRET!;
    const bare = await encode({ token: { sub: bff.userIds.admin }, secret, salt: SESSION_COOKIE, maxAge: SESSION_MAX_AGE_SECONDS });
    expect(await meWith(`${SESSION_COOKIE}=${bare}`)).toBe(401);
  });

  it("revoked sessions are swept once they would have expired anyway", async () => {
    const { users } = await appContext();
    await users.revokeSession("long-gone", Date.now() - 1000);
    await users.revokeSession("still-live", Date.now() + 60_000);
    expect(await users.isSessionRevoked("long-gone")).toBe(false);
    expect(await users.isSessionRevoked("still-live")).toBe(true);
  });
});

import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccessTokenListResponseSchema, CreatedAccessTokenEnvelopeSchema } from "@/lib/contract/bff/access-tokens";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import { appContext } from "../config/app-context";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { createMyToken, listMyTokens, revokeMyToken } from "./access-tokens";
import { createSet } from "./evaluation-sets";
import { createEvaluationRun, listEvaluationRuns } from "./evaluation-runs";
import { getMyBudget } from "./budgets";

/**
 * Personal access tokens through the BFF's handlers: created (shown once, stored hashed), accepted only as a bearer
 * token on the evaluation API, refused at once when revoked, with the creator's role as it is now; on both dialects.
 */

describe.each(APP_DB_DIALECTS)("personal access tokens on %s", (dialect) => {
  let gateway: EmbeddedGateway;
  let bff: BffTestEnv;

  beforeAll(async () => {
    gateway = await startTestGateway();
    bff = await setUpBff(gateway, {}, { database: dialect });
  });
  afterAll(async () => {
    await bff.cleanup();
    await gateway.close();
  });

  /** A request carrying only a bearer token (no cookie, no Origin: what the CLI sends). */
  const bearer = (token: string, path: string, init: { method?: string; json?: unknown } = {}) =>
    bff.request(path, { role: null, method: init.method, json: init.json, headers: { authorization: `Bearer ${token}`, origin: "" } });

  async function create(role: "editor" | "admin", name: string) {
    const response = await createMyToken(bff.request("/api/me/tokens", { role, json: { name } }), params({}));
    expect(response.status).toBe(201);
    return CreatedAccessTokenEnvelopeSchema.parse(await response.json()).data;
  }

  it("shows a new token once and stores only its SHA-256", async () => {
    const created = await create("editor", "CI on main");
    expect(created.token).toMatch(/^gatehouse_pat_[A-Za-z0-9_-]{43}$/);
    const listed = AccessTokenListResponseSchema.parse(await (await listMyTokens(bff.request("/api/me/tokens", { role: "editor" }), params({}))).json());
    expect(listed.data.find((token) => token.id === created.id)).toEqual({ id: created.id, name: "CI on main", scope: "evaluations", created_at: created.created_at, last_used_at: null });
    expect(JSON.stringify(listed)).not.toContain(created.token);
    const rows = await (await appContext()).db.kysely.selectFrom("access_tokens").selectAll().where("id", "=", created.id).execute();
    expect(rows[0].token_hash).toBe(createHash("sha256").update(created.token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(created.token);
  });

  it("opens the evaluation API as Authorization: Bearer, and nothing else (401)", async () => {
    const { token } = await create("editor", "scope");
    expect((await listEvaluationRuns(bearer(token, "/api/evaluations/runs"), params({}))).status).toBe(200);
    // The same handler reached under a path outside the evaluation API refuses the token.
    const elsewhere = await getMyBudget(bearer(token, "/api/me/budget"), params({}));
    expect(elsewhere.status).toBe(401);
    expect(((await elsewhere.json()) as { error: { message: string } }).error.message).toMatch(/evaluation API/);
    // A wrong token is a 401 even beside a valid session cookie.
    const forged = bff.request("/api/evaluations/runs", { role: "editor", headers: { authorization: `Bearer gatehouse_pat_${"x".repeat(43)}` } });
    expect((await listEvaluationRuns(forged, params({}))).status).toBe(401);
    // A token in a cookie or the query string is no credential.
    expect((await listEvaluationRuns(bff.request(`/api/evaluations/runs?token=${token}`, { role: null }), params({}))).status).toBe(401);
    // Used: last_used_at is set.
    const listed = AccessTokenListResponseSchema.parse(await (await listMyTokens(bff.request("/api/me/tokens", { role: "editor" }), params({}))).json());
    expect(listed.data.find((t) => t.name === "scope")?.last_used_at).not.toBeNull();
  });

  it("starts a run with an editor's token (no Origin needed), and refuses it when revoked, at once", async () => {
    const { id, token } = await create("editor", "revoke me");
    const set = await createSet(bearer(token, "/api/evaluations/question-sets", { json: { name: "Token set", rows: [{ question: "How does keyset pagination work?" }] } }), params({}));
    expect(set.status).toBe(201);
    const setId = ((await set.json()) as { data: { set_id: string } }).data.set_id;
    const run = await createEvaluationRun(bearer(token, "/api/evaluations/runs", { json: { set_id: setId, models: ["gatehouse/echo"], cap_usd: 0.5 } }), params({}));
    expect(run.status).toBe(201);
    const revoked = await revokeMyToken(bff.request(`/api/me/tokens/${id}`, { role: "editor", method: "DELETE" }), params({ id }));
    expect(revoked.status).toBe(204);
    expect((await listEvaluationRuns(bearer(token, "/api/evaluations/runs"), params({}))).status).toBe(401);
    // Not theirs, or gone: 404.
    expect((await revokeMyToken(bff.request(`/api/me/tokens/${id}`, { role: "editor", method: "DELETE" }), params({ id }))).status).toBe(404);
  });

  it("applies the creator's role as it is now: a token of an editor made viewer cannot start runs (403)", async () => {
    const { users } = await appContext();
    const person = await users.create({ email: `demoted-${dialect}@test.local`, name: "Demoted", role: "editor", passwordHash: "unused-hash" });
    const { token } = await createOwnTokenFor(person.id);
    await users.update(person.id, { role: "viewer" });
    expect((await listEvaluationRuns(bearer(token, "/api/evaluations/runs"), params({}))).status).toBe(200);
    const refused = await createEvaluationRun(bearer(token, "/api/evaluations/runs", { json: { set_id: "00000000-0000-4000-8000-000000000000", models: ["gatehouse/echo"], cap_usd: 0.5 } }), params({}));
    expect(refused.status).toBe(403);
  });

  it("is created by editors only, named within bounds, at most 10 live per person (409)", async () => {
    expect((await createMyToken(bff.request("/api/me/tokens", { role: "viewer", json: { name: "x" } }), params({}))).status).toBe(403);
    const unnamed = await createMyToken(bff.request("/api/me/tokens", { role: "admin", json: { name: " " } }), params({}));
    expect(unnamed.status).toBe(400);
    expect(JSON.stringify(await unnamed.json())).toMatch(/name/);
    for (let i = 0; i < 10; i += 1) await create("admin", `bulk ${i}`);
    const over = await createMyToken(bff.request("/api/me/tokens", { role: "admin", json: { name: "one too many" } }), params({}));
    expect(over.status).toBe(409);
  });
});

/** A token for a user who has no session here (made through the service, as their own request would). */
async function createOwnTokenFor(userId: string) {
  const { createOwnToken } = await import("../services/access-tokens");
  const { users } = await appContext();
  const user = await users.findById(userId);
  if (!user) throw new Error("no such user");
  return createOwnToken({ id: user.id, email: user.email, name: user.name, role: user.role }, { name: "demoted" });
}

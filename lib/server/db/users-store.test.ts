import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomBytes, scryptSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import type { AppDb } from "./app-db";
import { AuditStore } from "./audit-store";
import { resolveDemoPassword } from "../auth/demo-password";
import { PASSWORD_PARAMS, hashPassword, setPasswordCostForTests, verifyPassword } from "../auth/password";
import { openTestAppDb } from "../testing/test-support";
import { LastAdminError, UserExistsError, UsersStore } from "./users-store";

let dir: string;
let db: AppDb;
let users: UsersStore;

/** The real cost, for the tests of it (the rest of the suite hashes cheaply: lib/testing/vitest-setup.ts). */
function atTheRealCost() {
  beforeAll(() => setPasswordCostForTests(PASSWORD_PARAMS));
  afterAll(() => setPasswordCostForTests({ N: 2 ** 10, r: 8, p: 1 }));
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-users-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("passwords", () => {
  atTheRealCost();
  it("hashes with scrypt and a salt, and verifies", async () => {
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    // OWASP's floor: N=2^17, r=8, p=1.
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse", a)).toBe(true);
    expect(await verifyPassword("correct horsE", a)).toBe(false);
    expect(await verifyPassword("x", "garbage")).toBe(false);
  });
});

describe("demo password", () => {
  it("is generated once and kept in the data folder; DEMO_PASSWORD wins", () => {
    const first = resolveDemoPassword(dir, undefined);
    expect(first.generated).toBe(true);
    expect(first.password).toMatch(/^[A-Za-z0-9]{16}$/);
    const again = resolveDemoPassword(dir, undefined);
    expect(again).toEqual({ password: first.password, generated: false, source: "file" });
    expect(resolveDemoPassword(dir, "from-env")).toEqual({ password: "from-env", generated: false, source: "env" });
  });
});

describe.each(APP_DB_DIALECTS)("on %s", (dialect) => {
  beforeEach(async () => {
    db = await openTestAppDb(dialect, dir);
    users = new UsersStore(db);
  });
  afterEach(() => db.close());

  describe("hashes made at an older, lower cost", () => {
    atTheRealCost();
    it("still verify, and are replaced at today's cost on the next successful sign-in (sessions kept)", async () => {
      const user = await users.create({ email: "old@example.com", role: "editor", password: "old-password-1" });
      // What the previous build stored: N=2^15.
      const salt = randomBytes(16);
      const key = scryptSync("old-password-1", salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
      const legacy = ["scrypt", 2 ** 15, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
      await db.kysely.updateTable("users").set({ password_hash: legacy }).where("id", "=", user.id).execute();
      const storedHash = async () =>
        (await db.kysely.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow()).password_hash;

      expect(await users.verifyCredentials("old@example.com", "wrong-password")).toBeNull();
      expect(await storedHash()).toBe(legacy);
      expect(await users.verifyCredentials("old@example.com", "old-password-1")).toMatchObject({ id: user.id });
      expect(await storedHash()).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(await users.verifyCredentials("old@example.com", "old-password-1")).toMatchObject({ id: user.id });
      expect((await users.findById(user.id))!.sessionVersion).toBe(user.sessionVersion);
    });
  });

  describe("UsersStore", () => {
    it("creates, finds case-insensitively and verifies credentials", async () => {
      const created = await users.create({ email: "Ann@Example.com", role: "editor", password: "pw-123456" });
      expect(created).toMatchObject({ email: "ann@example.com", name: "ann", role: "editor", provider: "credentials" });
      expect((await users.findByEmail("ANN@example.com"))?.id).toBe(created.id);
      expect((await users.verifyCredentials("ann@example.com", "pw-123456"))?.id).toBe(created.id);
      expect(await users.verifyCredentials("ann@example.com", "wrong")).toBeNull();
      expect(await users.verifyCredentials("nobody@example.com", "pw-123456")).toBeNull();
      await expect(users.create({ email: "ann@example.com", role: "viewer", password: "x".repeat(8) })).rejects.toBeInstanceOf(UserExistsError);
    });

    it("an OIDC account has no password to sign in with", async () => {
      await users.create({ email: "sso@example.com", role: "viewer", provider: "oidc" });
      expect(await users.verifyCredentials("sso@example.com", "")).toBeNull();
    });

    it("keeps at least one admin", async () => {
      const admin = await users.create({ email: "a@x.com", role: "admin", password: "12345678" });
      await expect(users.update(admin.id, { role: "viewer" })).rejects.toBeInstanceOf(LastAdminError);
      await expect(users.remove(admin.id)).rejects.toBeInstanceOf(LastAdminError);
      const second = await users.create({ email: "b@x.com", role: "admin", password: "12345678" });
      expect((await users.update(admin.id, { role: "viewer" }))?.role).toBe("viewer");
      await expect(users.remove(second.id)).rejects.toBeInstanceOf(LastAdminError);
    });

    it("creates the demo accounts once and never resets a demo password an admin changed", async () => {
      await users.createDemoUsers("first-pass");
      expect((await users.list()).map((u) => `${u.email}:${u.role}:${u.isDemo}`)).toEqual([
        "admin@demo.local:admin:true",
        "editor@demo.local:editor:true",
        "viewer@demo.local:viewer:true",
      ]);
      expect(await users.hasDemoUsers()).toBe(true);
      const viewer = (await users.findByEmail("viewer@demo.local"))!;
      await users.update(viewer.id, { password: "changed-by-admin" });
      await users.createDemoUsers("first-pass");
      expect(await users.verifyCredentials("viewer@demo.local", "first-pass")).toBeNull();
      expect(await users.verifyCredentials("viewer@demo.local", "changed-by-admin")).not.toBeNull();
      expect(await users.list()).toHaveLength(3);
      await users.create({ email: "real@example.com", role: "admin", password: "12345678" });
      expect(await users.removeDemoUsers()).toBe(3);
      expect(await users.hasDemoUsers()).toBe(false);
      expect((await users.list()).map((u) => u.email)).toEqual(["real@example.com"]);
    });
  });

  describe("AuditStore", () => {
    it("lists a preset's writes newest first", async () => {
      const audit = new AuditStore(db);
      const user = { id: "u1", email: "e@x.com", name: "E" };
      await audit.recordPresetWrite({ slug: "a", version: 1, versionId: "v1", user, at: new Date("2026-01-01T00:00:00Z") });
      await audit.recordPresetWrite({ slug: "b", version: 1, versionId: "w1", user });
      await audit.recordPresetWrite({ slug: "a", version: 2, versionId: "v2", user, at: new Date("2026-01-02T00:00:00Z") });
      expect(await audit.listForPreset("a")).toEqual([
        { slug: "a", version: 2, version_id: "v2", user_email: "e@x.com", user_name: "E", created_at: "2026-01-02T00:00:00.000Z" },
        { slug: "a", version: 1, version_id: "v1", user_email: "e@x.com", user_name: "E", created_at: "2026-01-01T00:00:00.000Z" },
      ]);
    });
  });
});

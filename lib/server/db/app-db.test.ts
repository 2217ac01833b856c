import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { freshPostgresDatabase } from "@/lib/testing/postgres-database";
import { startPostgresServer, type PostgresServer } from "@/lib/testing/postgres-server";
import { appDbFile, LOCK_HOLDERS_MAX, openAppDb, openSqliteAppDb, POOL_SIZE, type AppDb } from "./app-db";
import { APP_MIGRATIONS } from "./app-migrations";
import { isDatabaseUnavailable } from "./database-errors";
import { createRateLimiter, take } from "../config/rate-limits";
import { UsersStore, LastAdminError } from "./users-store";

const opened: AppDb[] = [];
async function open(...args: Parameters<typeof openAppDb>): Promise<AppDb> {
  const db = await openAppDb(...args);
  opened.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

/**
 * Runs `count` tasks under `serialize` split over `dbs` (instances), each holding the lock a little,
 * and reports how many ever ran at once.
 */
async function mostAtOnce(dbs: AppDb[], keyOf: (i: number) => string, count: number): Promise<number> {
  let running = 0;
  let most = 0;
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      dbs[i % dbs.length].serialize(keyOf(i), async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 15));
        running -= 1;
      }),
    ),
  );
  return most;
}

describe("PostgreSQL", () => {
  it("instances starting together on a new database apply each migration once", async () => {
    const url = await freshPostgresDatabase();
    const instances = await Promise.all(Array.from({ length: 4 }, () => open({ dialect: "postgres", url })));
    // Exactly one of them created the schema; the others found it done.
    expect(instances.map((db) => db.migrated.length).sort()).toEqual([0, 0, 0, APP_MIGRATIONS.length]);
    const rows = await sql<{ version: number }>`SELECT version FROM schema_migrations ORDER BY version`.execute(instances[0].kysely);
    expect(rows.rows.map((row) => row.version)).toEqual(APP_MIGRATIONS.map((m) => m.version));
  });

  it("refuses a database a newer build has migrated", async () => {
    const url = await freshPostgresDatabase();
    const db = await open({ dialect: "postgres", url });
    await sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'from the future', 'now')`.execute(db.kysely);
    await expect(openAppDb({ dialect: "postgres", url })).rejects.toThrow(/app database is at schema 999, this build knows up to/);
  });

  it("serialize holds one key across instances, and lets other keys run alongside", async () => {
    const url = await freshPostgresDatabase();
    const a = await open({ dialect: "postgres", url });
    const b = await open({ dialect: "postgres", url });
    expect(await mostAtOnce([a, b], () => "preset-save:one", 10)).toBe(1);
    expect(await mostAtOnce([a, b], (i) => `preset-save:${i}`, 10)).toBeGreaterThan(1);
  });

  it("a lock holder that fails releases the lock", async () => {
    const url = await freshPostgresDatabase();
    const a = await open({ dialect: "postgres", url });
    const b = await open({ dialect: "postgres", url });
    await expect(a.serialize("k", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await b.serialize("k", async () => "got it")).toBe("got it");
  });

  it("lock holders whose work takes a second pooled connection all finish, however many; the pool serves others meanwhile", async () => {
    // Issue 25: each holder keeps one pooled connection, and work under the lock (video generation's store
    // calls) asks the same pool for another. Unbounded, POOL_SIZE holders took every connection and each
    // waited for a second one until the pool's timeout.
    const db = await open({ dialect: "postgres", url: await freshPostgresDatabase() });
    let holding = 0;
    let most = 0;
    let entered = 0;
    const holders = Array.from({ length: POOL_SIZE * 2 }, (_, i) =>
      db.serialize(`video-generation:user-${i}`, async () => {
        entered += 1;
        holding += 1;
        most = Math.max(most, holding);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await sql`SELECT 1`.execute(db.kysely);
        holding -= 1;
      }),
    );
    await expect.poll(() => entered).toBeGreaterThan(0);
    // Someone else's query while the holders hold: answered.
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(db.kysely)).rows).toEqual([{ one: 1 }]);
    await Promise.all(holders);
    expect(most).toBe(LOCK_HOLDERS_MAX);
    expect(LOCK_HOLDERS_MAX).toBeLessThan(POOL_SIZE / 2);
  });

  it("two instances demoting the two last admins at once leave one admin", async () => {
    const url = await freshPostgresDatabase();
    const a = new UsersStore(await open({ dialect: "postgres", url }));
    const b = new UsersStore(await open({ dialect: "postgres", url }));
    const hash = "scrypt$131072$8$1$c2FsdA$a2V5";
    const one = await a.create({ email: "one@x.test", role: "admin", passwordHash: hash });
    const two = await a.create({ email: "two@x.test", role: "admin", passwordHash: hash });
    // Both instances connected already, so their transactions really run side by side.
    await Promise.all([a.list(), b.list()]);
    const outcomes = await Promise.allSettled([a.update(one.id, { role: "viewer" }), b.update(two.id, { role: "viewer" })]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(outcomes.find((o) => o.status === "rejected")).toMatchObject({ reason: expect.any(LastAdminError) });
    expect((await a.list()).filter((user) => user.role === "admin")).toHaveLength(1);
  });
});

describe("SQLite", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-appdb-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("migrates a new file once and serializes one key in this process", async () => {
    const db = await open({ dialect: "sqlite", file: appDbFile(dir) });
    expect(db.migrated).toEqual(APP_MIGRATIONS.map((m) => m.version));
    expect(await mostAtOnce([db], () => "preset-save:one", 6)).toBe(1);
    expect(await mostAtOnce([db], (i) => `preset-save:${i}`, 6)).toBeGreaterThan(1);
    await db.close();
    opened.pop();
    expect((await open({ dialect: "sqlite", file: appDbFile(dir) })).migrated).toEqual([]);
  });

  it("what every BFF call runs (the session's user, a rate-limit point) compiles its SQL once, not per request", async () => {
    const db = openSqliteAppDb(appDbFile(dir));
    opened.push(db);
    const users = new UsersStore(db);
    const user = await users.create({ email: "cache@example.com", role: "editor", passwordHash: "scrypt$131072$8$1$c2FsdA$a2V5" });
    const limiter = createRateLimiter(db, { name: "statement_cache", points: 100, windowSeconds: 60 });
    const compile = vi.spyOn(db.driver.database, "prepare");
    for (let request = 0; request < 5; request++) {
      expect(await users.findSessionUser(user.id, "session-1", user.sessionVersion)).toMatchObject({ id: user.id });
      expect(await take(limiter, user.id)).toBeNull();
    }
    // One compile per distinct statement: the user lookup, the limiter's upsert and the transaction's own
    // BEGIN/COMMIT (better-sqlite3 makes those once per database).
    expect(compile.mock.calls.length).toBeLessThanOrEqual(4);
    expect(new Set(compile.mock.calls.map(([text]) => text)).size).toBe(compile.mock.calls.length);
  });
});

describe("a PostgreSQL that goes away", () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgresServer();
  });
  afterAll(() => server.stop());

  it("fails fast as 'unavailable' while it is down, and works again once it is back", async () => {
    const url = await server.createDatabase("goes_away");
    const db = await open({ dialect: "postgres", url });
    const users = new UsersStore(db);
    await db.ping();
    await server.pause();
    try {
      const error = await users.findById("anyone").then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
      await expect(db.ping(1_000)).rejects.toThrow();
    } finally {
      await server.resume();
    }
    await db.ping(5_000);
    expect(await users.findById("anyone")).toBeUndefined();
  });
});

describe("isDatabaseUnavailable", () => {
  it("tells connection trouble from other database errors", () => {
    const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });
    expect(isDatabaseUnavailable(withCode("ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("57P01"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("08006"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("23505"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("42P01"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});

import { loggerFor } from "@/lib/observability/logger";
import { startWalCheckpointer } from "@/lib/sqlite/wal-checkpointer";
import type Database from "better-sqlite3";
import { Kysely, PostgresDialect, sql, SqliteDialect } from "kysely";
import path from "node:path";
import pg from "pg";
import { applyMigrations, pendingMigrations } from "@/lib/sqlite/migrate";
import { openSqlite } from "@/lib/sqlite/open";
import { cachedPrepare } from "@/lib/sqlite/statement-cache";
import { APP_MIGRATIONS, DIALECT_SQL } from "./app-migrations";
import type { AppTables } from "./app-tables";
import { BoundedGate } from "./bounded-gate";
import { KeyedLock } from "./keyed-lock";

const log = loggerFor("app-db");

/** Where the app's own data lives: the embedded default (a SQLite file) or a shared PostgreSQL. */
export type AppDbTarget = { dialect: "sqlite"; file: string } | { dialect: "postgres"; url: string };

/** The SQLite file underneath, and `prepare` through the statement cache every query of the app goes through. */
export interface SqliteDriver {
  dialect: "sqlite";
  database: Database.Database;
  prepare: (sql: string) => Database.Statement;
}

/**
 * The connection a `serialize` task holds its lock on: the lock's own transaction on PostgreSQL (the database
 * itself on SQLite). Writes that must land with the work the lock guards go through it, so they never wait for
 * a second connection from the pool the lock already holds one of.
 */
export type LockConnection = Kysely<AppTables>;

/**
 * The app's own database (users, sessions, audit, rate limits), one interface over both dialects.
 * Stores query it through `kysely`; the rate limiters need the driver underneath (`driver`).
 */
export interface AppDb {
  readonly dialect: AppDbTarget["dialect"];
  readonly kysely: Kysely<AppTables>;
  readonly driver: SqliteDriver | { dialect: "postgres"; pool: pg.Pool };
  /** The versions the opening migration applied: [1, …] when the database was new. */
  readonly migrated: readonly number[];
  /**
   * Runs `task` while no other task with the same key runs, on this instance or (PostgreSQL) on any
   * other instance sharing the database: preset saves hold it around read-check-write. `task` gets the
   * lock's connection. On PostgreSQL at most LOCK_HOLDERS_MAX tasks hold a lock at once per instance
   * (each holds a pooled connection); one that cannot get a turn soon is refused with a 503 and Retry-After.
   */
  serialize<T>(key: string, task: (connection: LockConnection) => Promise<T>): Promise<T>;
  /**
   * Takes the lock `key` inside a transaction the caller already holds (`connection`), until that transaction
   * ends: PostgreSQL's advisory lock on the same connection, so no second connection is needed and instances
   * exclude each other; on SQLite a write that takes the file's write lock (a transaction holds this process's
   * one connection; the write lock keeps out another process's). Call it before the transaction reads.
   * The ledger takes its per-person lock this way, always last (lib/server/ledger).
   */
  lockWithin(connection: LockConnection, key: string): Promise<void>;
  /** Resolves when the database answers a trivial query within `timeoutMs`, else rejects. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  isClosed(): boolean;
}

export function appDbFile(dataDir: string): string {
  return path.join(dataDir, "gatehouse.db");
}

/** Opens (creating if needed) the app database and brings its schema up to date. */
export async function openAppDb(target: AppDbTarget): Promise<AppDb> {
  return target.dialect === "sqlite" ? openSqliteAppDb(target.file) : openPostgresAppDb(target.url);
}

/** The SQLite side, synchronous: the file is ready when this returns. */
export function openSqliteAppDb(file: string): AppDb & { driver: SqliteDriver } {
  // The longer busy timeout covers the `npm run user` CLI writing while the server reads.
  const database = openSqlite(file, { busyTimeoutMs: 5000 });
  const migrated = applyMigrations(
    database,
    APP_MIGRATIONS.map((m) => ({ version: m.version, name: m.name, sql: m.sql(DIALECT_SQL.sqlite) })),
    "app",
  );
  // Every query through one statement cache: each SQL text is compiled once (statement-cache.ts).
  const prepare = cachedPrepare(database);
  // WAL checkpoints (copying the log into the file, with an fsync) in a worker thread: on this connection they ran
  // on the event loop at a commit, 20-190 ms each at load (issue 36: a question-set save of 16 MB paid four).
  const checkpointer = file === ":memory:" ? undefined : startWalCheckpointer(database, file);
  const kysely = new Kysely<AppTables>({ dialect: new SqliteDialect({ database: { prepare, close: () => database.close() } }) });
  // One SQLite file serves one instance: a lock in this process is the whole of it.
  const locks = new KeyedLock();
  return {
    dialect: "sqlite",
    kysely,
    driver: { dialect: "sqlite" as const, database, prepare },
    migrated,
    serialize: (key, task) => locks.run(key, () => task(kysely)),
    // A write statement takes the file's write lock at its start, even one that changes no row: done first in
    // the transaction, a second connection to the file (another process) waits for it under the busy timeout
    // instead of failing as "locked" when both would upgrade a read.
    lockWithin: async (connection) => {
      await sql`UPDATE user_budgets SET day_usd = day_usd WHERE user_id = ''`.execute(connection);
    },
    ping: async () => {
      database.prepare("SELECT 1").get();
    },
    close: async () => {
      await checkpointer?.stop();
      await kysely.destroy();
    },
    isClosed: () => !database.open,
  };
}

// Arbitrary, fixed first halves of PostgreSQL's two-int advisory lock keys, so Gatehouse's locks do not
// collide with another application's on a shared server.
const MIGRATION_LOCK = 0x47_48_01;
export const SERIALIZE_LOCK_SPACE = 0x47_48_02;

/** PostgreSQL connections per instance. */
export const POOL_SIZE = 20;

/**
 * Lock holders per instance, each holding one pooled connection for as long as its work takes (gateway calls
 * of seconds included). Kept well under POOL_SIZE so that, however many saves and generations are under way,
 * the rest of the pool serves every other request's session check and rate limit, and the holders' own short
 * queries: a holder never waits for a connection that only another holder could give back.
 */
export const LOCK_HOLDERS_MAX = 5;

/** A save waits at most this long, behind at most this many others, for a lock holder's slot; then 503. */
const LOCK_WAIT = { waiting: 100, waitMs: 10_000, retryAfterSeconds: 2 } as const;

async function openPostgresAppDb(url: string): Promise<AppDb> {
  const pool = new pg.Pool({
    connectionString: url,
    // A database that went away must fail a request within seconds (503), not hang it.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    max: POOL_SIZE,
  });
  // An idle connection the server drops (restart, failover) is reported here; without a listener
  // the process would die of it. The pool replaces the connection on the next checkout.
  pool.on("error", (error) => log.error({ err: error }, "idle PostgreSQL connection lost"));
  const kysely = new Kysely<AppTables>({ dialect: new PostgresDialect({ pool }) });
  let migrated: number[];
  try {
    migrated = await migratePostgres(kysely);
  } catch (error) {
    await kysely.destroy().catch(() => undefined);
    throw error;
  }
  // In front of the advisory lock: saves of one preset on this instance queue here without each
  // holding a pooled connection while they wait.
  const locks = new KeyedLock();
  const holders = new BoundedGate({ running: LOCK_HOLDERS_MAX, ...LOCK_WAIT });
  return {
    dialect: "postgres",
    kysely,
    driver: { dialect: "postgres", pool },
    migrated,
    serialize: (key, task) =>
      locks.run(key, () =>
        holders.run(() =>
          kysely.transaction().execute(async (trx) => {
            // Held until this transaction ends, whichever way: a crashed instance's connection closes
            // and releases it too.
            await sql`SELECT pg_advisory_xact_lock(${SERIALIZE_LOCK_SPACE}, hashtext(${key}))`.execute(trx);
            return task(trx);
          }),
        ),
      ),
    lockWithin: async (connection, key) => {
      await sql`SELECT pg_advisory_xact_lock(${SERIALIZE_LOCK_SPACE}, hashtext(${key}))`.execute(connection);
    },
    ping: (timeoutMs = 2_000) => withTimeout(sql`SELECT 1`.execute(kysely).then(() => undefined), timeoutMs),
    close: () => kysely.destroy(),
    isClosed: () => pool.ended,
  };
}

/**
 * PostgreSQL's runner: one transaction under an advisory lock, so instances starting together apply
 * each migration once (the second waits, then finds nothing to do), and DDL being transactional there,
 * a failure leaves the schema as it was.
 */
async function migratePostgres(kysely: Kysely<AppTables>): Promise<number[]> {
  return kysely.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    INTEGER PRIMARY KEY,
      name       TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`.execute(trx);
    const applied = await sql<{ version: number }>`SELECT version FROM schema_migrations`.execute(trx);
    const ran: number[] = [];
    for (const migration of pendingMigrations(APP_MIGRATIONS, applied.rows.map((row) => row.version), "app")) {
      await sql.raw(migration.sql(DIALECT_SQL.postgres)).execute(trx);
      await sql`INSERT INTO schema_migrations (version, name, applied_at)
        VALUES (${migration.version}, ${migration.name}, ${new Date().toISOString()})`.execute(trx);
      ran.push(migration.version);
    }
    return ran;
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

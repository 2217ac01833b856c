import "server-only";
import { loggerFor } from "@/lib/observability/logger";
import { RateLimiterPostgres, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { AppDb, SqliteDriver } from "../db/app-db";

const log = loggerFor("rate-limits");

export { RateLimiterRes };
export type RateLimiter = RateLimiterAbstract;

/** Created by app-DB migration 3; the layout rate-limiter-flexible expects. */
const TABLE = "rate_limits";
const SWEEP_EVERY_MS = 5 * 60 * 1000;

export interface LimiterSpec {
  /** Prefix of this limiter's keys: limiters share one table, so names must differ. */
  name: string;
  /** Points (attempts, calls) allowed per window. */
  points: number;
  windowSeconds: number;
}

const swept = new WeakSet<AppDb>();

/**
 * Expired rows already count as absent; deleting them only keeps the table small (a spray of
 * made-up emails leaves one row each until its window ends: eviction by age, never by pressure).
 * Our own timer rather than the library's clearExpiredByTimeout: that one keeps firing after the
 * database is closed (tests close and reopen it) and rejects unhandled.
 */
function sweepExpired(db: AppDb): void {
  if (swept.has(db)) return;
  swept.add(db);
  const timer = setInterval(() => {
    if (db.isClosed()) {
      clearInterval(timer);
      return;
    }
    db.kysely
      .deleteFrom("rate_limits")
      .where("expire", "<", Date.now())
      .execute()
      .catch((error: unknown) => log.error({ err: error }, "sweeping expired rows failed"));
  }, SWEEP_EVERY_MS);
  timer.unref();
}

/**
 * What RateLimiterSQLite calls on its better-sqlite3 client (prepare and transaction), with prepare going
 * through the app database's statement cache: the library prepares its upsert on every point taken.
 */
function sqliteStoreClient(driver: SqliteDriver) {
  return { prepare: driver.prepare, transaction: <F extends (...args: never[]) => unknown>(fn: F) => driver.database.transaction(fn) };
}

/**
 * The one place limiters are built: state in the app database, so every instance sharing it shares
 * the counts, and a restart forgets nothing. Fixed windows that start at a key's first point.
 */
export function createRateLimiter(db: AppDb, spec: LimiterSpec): RateLimiter {
  sweepExpired(db);
  const common = { tableName: TABLE, tableCreated: true, keyPrefix: spec.name, points: spec.points, duration: spec.windowSeconds };
  return db.driver.dialect === "sqlite"
    ? new RateLimiterSQLite({ ...common, storeClient: sqliteStoreClient(db.driver), storeType: "better-sqlite3" })
    : new RateLimiterPostgres({ ...common, storeClient: db.driver.pool, storeType: "pool", clearExpiredByTimeout: false });
}

/** Whole seconds until a refused key may try again (at least 1, as Retry-After wants). */
export function retryAfterSeconds(refusal: RateLimiterRes): number {
  return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
}

/**
 * Consumes `points` (one unless told). Resolves with null when allowed, or with the refusal; a storage failure is
 * thrown (callers fail closed rather than let a broken store disable the limit).
 */
export async function take(limiter: RateLimiter, key: string, points = 1): Promise<RateLimiterRes | null> {
  try {
    await limiter.consume(key, points);
    return null;
  } catch (outcome) {
    if (outcome instanceof RateLimiterRes) return outcome;
    throw outcome;
  }
}

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import type { AppDb } from "../db/app-db";
import { sql } from "kysely";
import { deriveRollupsFromHourly, DIALECT_SQL } from "../db/app-migrations";
import { expectRollupsMatchEntries } from "../testing/rollups-match";
import { useTestAppDb } from "../testing/test-app-db";
import { Ledger, type BudgetDefaults, type LedgerEntryRef } from "./ledger";
import { SpendRefusal } from "./refusal";
import { HOUR_MS } from "./windows";

const DEFAULTS: BudgetDefaults = { dayUsd: 1, monthUsd: 3, daySetting: "MODEL_MAX_COST_PER_DAY_USD", monthSetting: "MODEL_MAX_COST_PER_MONTH_USD" };
// Noon UTC on 10 March 2031: far from a day's or a month's edge unless a test moves it.
const NOON = Date.UTC(2031, 2, 10, 12);

let userCount = 0;
const newUser = () => `user-${++userCount}-${Math.random().toString(36).slice(2)}`;

const call = (userId: string, reserveUsd: number, at = NOON, feature: "playground" | "evaluation-item" = "playground") => ({
  userId,
  feature,
  model: "gatehouse/swift",
  subject: { kind: "test", id: "t" },
  reserveUsd,
  at,
});

async function refusalOf(work: Promise<unknown>): Promise<SpendRefusal> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SpendRefusal);
  return error as SpendRefusal;
}

/** What the rollups say a person's calls count, against the entries they sum. */
async function sums(db: AppDb, userId: string) {
  const rollup = await db.kysely
    .selectFrom("ledger_hourly")
    .select((eb) => [eb.fn.sum<number>("counted_usd").as("counted"), eb.fn.sum<number>("calls").as("calls"), eb.fn.sum<number>("open_usd").as("open")])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  const entries = await db.kysely.selectFrom("ledger_entries").select(["state", "reserved_usd", "settled_usd"]).where("user_id", "=", userId).execute();
  const counted = entries.reduce((sum, entry) => sum + (entry.state === "settled" ? Number(entry.settled_usd) : entry.state === "released" ? 0 : Number(entry.reserved_usd)), 0);
  const open = entries.reduce((sum, entry) => sum + (entry.state === "reserved" ? Number(entry.reserved_usd) : 0), 0);
  return { rollup: { counted: Number(rollup.counted ?? 0), calls: Number(rollup.calls ?? 0), open: Number(rollup.open ?? 0) }, entries: { counted, calls: entries.filter((entry) => entry.state !== "released").length, open } };
}

describe.each(APP_DB_DIALECTS)("the ledger on %s", (dialect) => {
  const testDb = useTestAppDb(dialect, "gatehouse-ledger-");
  const ledger = () => new Ledger(testDb.db, () => DEFAULTS);

  it("counts a reserve until it settles, then what it cost; an unknown outcome keeps its reserve; a released one counts nothing", async () => {
    const user = newUser();
    const a = await ledger().reserve(call(user, 0.3));
    const b = await ledger().reserve(call(user, 0.2));
    const c = await ledger().reserve(call(user, 0.1));
    expect((await ledger().budget(user, NOON)).day.spentUsd).toBeCloseTo(0.6, 9);
    expect(await ledger().settle(a.id, { costUsd: 0.05, generationId: "gen-1", inputTokens: 10, outputTokens: 5, webSearches: 1 })).toBe(true);
    expect(await ledger().settle(a.id, { costUsd: 0.05 })).toBe(false);
    expect(await ledger().markUnknown(b.id)).toBe(true);
    expect(await ledger().release(c.id)).toBe(true);
    const figures = await ledger().budget(user, NOON);
    expect(figures.day.spentUsd).toBeCloseTo(0.25, 9);
    expect(figures.month.spentUsd).toBeCloseTo(0.25, 9);
    // The generation record answers late for the unknown one: it settles at what it cost.
    expect(await ledger().settle(b.id, { costUsd: 0.01 })).toBe(true);
    expect((await ledger().budget(user, NOON)).day.spentUsd).toBeCloseTo(0.06, 9);
    const { rollup, entries } = await sums(testDb.db, user);
    expect(rollup.counted).toBeCloseTo(entries.counted, 9);
    expect(rollup.calls).toBe(entries.calls);
    expect(rollup.open).toBeCloseTo(0, 9);
  });

  it("refuses past the day with 429 and Retry-After to UTC midnight, past what any day takes with 402", async () => {
    const user = newUser();
    await ledger().reserve(call(user, 0.9));
    const refused = await refusalOf(ledger().reserve(call(user, 0.2)));
    expect(refused.status).toBe(429);
    expect(refused.headers?.["Retry-After"]).toBe(String(12 * 60 * 60));
    expect(refused.metadata).toMatchObject({ limit: "per_day", limit_usd: 1, estimated_cost_usd: 0.2, resets_at: "2031-03-11T00:00:00.000Z" });
    expect((refused.metadata as { spent_usd: number }).spent_usd).toBeCloseTo(0.9, 9);
    expect((await refusalOf(ledger().reserve(call(user, 1.5)))).status).toBe(402);
    // Exactly at the limit is allowed (float noise included).
    await ledger().reserve(call(user, 0.1));
    // The next day starts from nothing; the month remembers.
    await ledger().reserve(call(user, 1, NOON + 24 * HOUR_MS));
    await ledger().reserve(call(user, 0.9, NOON + 48 * HOUR_MS));
    const month = await refusalOf(ledger().reserve(call(user, 0.2, NOON + 72 * HOUR_MS)));
    expect(month.metadata).toMatchObject({ limit: "per_month", limit_usd: 3, resets_at: "2031-04-01T00:00:00.000Z" });
    expect(month.status).toBe(429);
  });

  it("reads an admin's limits for a person over the defaults", async () => {
    const user = newUser();
    await ledger().setLimits(user, { dayUsd: 0.1, monthUsd: null });
    expect(await ledger().limitsOf(user)).toEqual({ dayUsd: 0.1, monthUsd: 3 });
    await expect(ledger().reserve(call(user, 0.2))).rejects.toBeInstanceOf(SpendRefusal);
    await ledger().setLimits(user, { dayUsd: 2, monthUsd: 2 });
    await ledger().reserve(call(user, 1.5));
  });

  it("keeps every rollup (hour, day, month; person and team) equal to the entries it sums, for any sequence of reserves and outcomes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ usd: fc.double({ min: 0, max: 0.05, noNaN: true }), hour: fc.integer({ min: -800, max: 800 }), outcome: fc.constantFrom("settle", "unknown", "release", "open"), cost: fc.double({ min: 0, max: 0.1, noNaN: true }) }), { maxLength: 12 }),
        async (calls) => {
          const user = newUser();
          for (const one of calls) {
            const entry = await ledger().reserve(call(user, one.usd, Date.UTC(2031, 2, 1) + one.hour * HOUR_MS));
            if (one.outcome === "settle") await ledger().settle(entry.id, { costUsd: one.cost });
            if (one.outcome === "unknown") await ledger().markUnknown(entry.id);
            if (one.outcome === "release") await ledger().release(entry.id);
          }
          const { rollup, entries } = await sums(testDb.db, user);
          expect(rollup.counted).toBeCloseTo(entries.counted, 9);
          expect(rollup.calls).toBe(entries.calls);
          expect(rollup.open).toBeCloseTo(entries.open, 9);
          await expectRollupsMatchEntries(testDb.db);
        },
      ),
      { numRuns: 15 },
    );
  });

  it("derives the day, month and team rollups from the hourly rows as migration 16 does on an existing ledger", async () => {
    const user = newUser();
    for (const [index, hours] of [-900, -30, -1, 0, 5, 26, 700].entries()) {
      const entry = await ledger().reserve({ ...call(user, 0.01 * (index + 1), Date.UTC(2031, 2, 1) + hours * HOUR_MS), preset: index % 2 ? { slug: "p", version: index } : null });
      if (index % 3 === 0) await ledger().settle(entry.id, { costUsd: 0.001 * index, inputTokens: index, outputTokens: 1 });
    }
    for (const table of ["ledger_daily", "ledger_monthly", "ledger_team_hourly", "ledger_team_daily"] as const) await testDb.db.kysely.deleteFrom(table).execute();
    for (const statement of deriveRollupsFromHourly(DIALECT_SQL[dialect])) {
      await sql.raw(statement).execute(testDb.db.kysely);
    }
    await expectRollupsMatchEntries(testDb.db);
  });

  // Two instances share a PostgreSQL database; a SQLite file serves one instance (its requests race on one connection).
  it("never lets two instances racing one budget pass it", { timeout: 60_000 }, async () => {
    const user = newUser();
    const second = dialect === "postgres" ? await testDb.reopen() : testDb.db;
    try {
      const ledgers = [ledger(), new Ledger(second, () => DEFAULTS)];
      const reserve = 0.07;
      const attempts = await Promise.allSettled(Array.from({ length: 40 }, (_, index) => ledgers[index % 2].reserve(call(user, reserve))));
      const made = attempts.filter((attempt): attempt is PromiseFulfilledResult<LedgerEntryRef> => attempt.status === "fulfilled");
      for (const attempt of attempts) if (attempt.status === "rejected") expect(attempt.reason).toBeInstanceOf(SpendRefusal);
      // $1 a day at $0.07 a reserve: 14 fit, and not one more.
      expect(made.length).toBe(14);
      expect((await ledger().budget(user, NOON)).day.spentUsd).toBeLessThanOrEqual(1 + 1e-9);
    } finally {
      if (second !== testDb.db) await second.close();
    }
  });
});

import { sql } from "kysely";
import type { LockConnection } from "../db/app-db";
import type { LedgerHourlyTable } from "../db/app-tables";
import { dayStart, hourOf, monthStart } from "./windows";

/**
 * The ledger's rollups: the same sums of the entries at five grains, all written in the entry's transaction (so
 * no view or budget ever sums entries in bulk, and none can disagree with another). Per person: UTC hour, day and
 * calendar month; for the whole team (no person): UTC hour and day. A view reads the coarsest rows that tile its
 * range (range-pieces.ts), a budget its person's month and day rows.
 */
export type RollupGrain = "hour" | "day" | "month";

export interface RollupTable {
  table: "ledger_hourly" | "ledger_daily" | "ledger_monthly" | "ledger_team_hourly" | "ledger_team_daily";
  grain: RollupGrain;
  /** The column holding the start of the row's period (epoch ms). */
  time: "hour_ms" | "day_ms" | "month_ms";
  perPerson: boolean;
}

/** In the order every write takes them (a fixed order, so two transactions never wait on each other's rows in a cycle). */
export const ROLLUP_TABLES: readonly RollupTable[] = [
  { table: "ledger_hourly", grain: "hour", time: "hour_ms", perPerson: true },
  { table: "ledger_daily", grain: "day", time: "day_ms", perPerson: true },
  { table: "ledger_monthly", grain: "month", time: "month_ms", perPerson: true },
  { table: "ledger_team_hourly", grain: "hour", time: "hour_ms", perPerson: false },
  { table: "ledger_team_daily", grain: "day", time: "day_ms", perPerson: false },
];

/** The rollup table of a grain, for one person's figures or for everyone's. */
export function rollupTableOf(grain: RollupGrain, perPerson: boolean): RollupTable | undefined {
  return ROLLUP_TABLES.find((table) => table.grain === grain && table.perPerson === perPerson);
}

/** The start of the period of `grain` that `at` falls in. */
export function periodStart(grain: RollupGrain, at: number): number {
  return grain === "hour" ? hourOf(at) : grain === "day" ? dayStart(at) : monthStart(at);
}

/** What an entry is summed under: its person, its UTC hour and its dimensions (a preset-less entry: '' and 0). */
export type RollupKey = Pick<LedgerHourlyTable, "user_id" | "hour_ms" | "feature" | "model" | "preset" | "preset_version">;

/** Changes to a rollup row: added to what is there (a new row starts from them). */
export interface RollupDelta {
  calls: number;
  counted: number;
  settled: number;
  open: number;
  inputTokens: number;
  outputTokens: number;
  webSearches: number;
}

export const NO_DELTA: RollupDelta = { calls: 0, counted: 0, settled: 0, open: 0, inputTokens: 0, outputTokens: 0, webSearches: 0 };

export function rollupKey(userId: string, hour: number, feature: string, model: string, preset: { slug: string; version: number } | null): RollupKey {
  return { user_id: userId, hour_ms: hour, feature, model, preset: preset?.slug ?? "", preset_version: preset?.version ?? 0 };
}

export interface RollupChange {
  key: RollupKey;
  delta: RollupDelta;
}

/** The row of `rollup` an entry keyed `key` is summed into, as a sortable name and its key values. */
function rowOf(rollup: RollupTable, key: RollupKey) {
  const start = periodStart(rollup.grain, key.hour_ms);
  const dims = [key.feature, key.model, key.preset, key.preset_version] as const;
  return { name: JSON.stringify([start, rollup.perPerson ? key.user_id : "", ...dims]), start, key };
}

/** Each rollup's rows the changes touch, their deltas summed, in key order: the order every write takes them. */
function rowsByTable(changes: readonly RollupChange[]) {
  return ROLLUP_TABLES.map((rollup) => {
    const rows = new Map<string, { start: number; key: RollupKey; delta: RollupDelta }>();
    for (const change of changes) {
      const row = rowOf(rollup, change.key);
      const sum = rows.get(row.name) ?? { start: row.start, key: row.key, delta: { ...NO_DELTA } };
      for (const name of Object.keys(NO_DELTA) as (keyof RollupDelta)[]) sum.delta[name] += change.delta[name];
      rows.set(row.name, sum);
    }
    return { rollup, rows: [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row) };
  });
}

/** One upsert of `delta` into `rollup`'s row for `key` (whose period starts at `start`). */
function upsertOf(rollup: RollupTable, start: number, key: RollupKey, delta: RollupDelta) {
  const table = sql.table(rollup.table);
  const keyColumns = rollup.perPerson ? sql`user_id, ${sql.ref(rollup.time)}` : sql.ref(rollup.time);
  const keyValues = rollup.perPerson ? sql`${key.user_id}, ${start}` : sql`${start}`;
  const add = (column: string) => sql`${sql.ref(column)} = ${table}.${sql.ref(column)} + excluded.${sql.ref(column)}`;
  // Qualified on the update side: PostgreSQL reads a bare column there as ambiguous with `excluded`.
  return sql`
    INSERT INTO ${table} (${keyColumns}, feature, model, preset, preset_version, calls, counted_usd, settled_usd, open_usd, input_tokens, output_tokens, web_searches)
    VALUES (${keyValues}, ${key.feature}, ${key.model}, ${key.preset}, ${key.preset_version}, ${delta.calls}, ${delta.counted}, ${delta.settled}, ${delta.open}, ${delta.inputTokens}, ${delta.outputTokens}, ${delta.webSearches})
    ON CONFLICT (${keyColumns}, feature, model, preset, preset_version) DO UPDATE SET
      ${sql.join(["calls", "counted_usd", "settled_usd", "open_usd", "input_tokens", "output_tokens", "web_searches"].map(add))}`;
}

/**
 * Adds the changes to their rows in every rollup. Rows are taken table by table in ROLLUP_TABLES' order and by key
 * within a table, so on PostgreSQL two transactions (a write and a retention turn, which touches thousands of rows)
 * never wait on each other's rows in a cycle. On PostgreSQL one entry's change is one call of ledger_bump_rollups
 * (migration 16: the same five upserts in that order, their plans kept per connection): sent as SQL, planning them
 * took 1.0 ms of each write (5 statements or one of five WITHs alike) against 0.17 ms for the function.
 */
export async function bumpRollups(on: LockConnection, changes: readonly RollupChange[], dialect: "sqlite" | "postgres"): Promise<void> {
  const [only] = changes;
  if (dialect === "postgres" && only && changes.length === 1) {
    const { key, delta } = only;
    await sql`SELECT ledger_bump_rollups(${key.user_id}, ${key.hour_ms}, ${periodStart("day", key.hour_ms)}, ${periodStart("month", key.hour_ms)}, ${key.feature}, ${key.model}, ${key.preset}, ${key.preset_version},
      ${delta.calls}, ${delta.counted}, ${delta.settled}, ${delta.open}, ${delta.inputTokens}, ${delta.outputTokens}, ${delta.webSearches})`.execute(on);
    return;
  }
  for (const { rollup, rows } of rowsByTable(changes)) {
    for (const { start, key, delta } of rows) await upsertOf(rollup, start, key, delta).execute(on);
  }
}

/**
 * Removes the changed rows left with no call (retention took out their last counted entry; only released entries,
 * which count nothing, and rounding remain). A day or month row goes only once none of its hours holds a call.
 */
export async function dropEmptyRollups(on: LockConnection, changes: readonly RollupChange[]): Promise<void> {
  for (const { rollup, rows } of rowsByTable(changes)) {
    for (const { start, key } of rows) {
      const person = rollup.perPerson ? sql`user_id = ${key.user_id} AND ` : sql``;
      await sql`
        DELETE FROM ${sql.table(rollup.table)} WHERE ${person}${sql.ref(rollup.time)} = ${start}
          AND feature = ${key.feature} AND model = ${key.model} AND preset = ${key.preset} AND preset_version = ${key.preset_version} AND calls <= 0
      `.execute(on);
    }
  }
}

import { expect } from "vitest";
import type { AppDb } from "../db/app-db";
import { periodStart, ROLLUP_TABLES } from "../ledger/rollups";

const SUMS = ["calls", "counted_usd", "settled_usd", "open_usd", "input_tokens", "output_tokens"] as const;

/**
 * Every row of every ledger rollup (per person per hour, day and month; the team's per hour and day) against the
 * entries it sums (calls, counted, settled, open, tokens), as the usage console and the budgets rely on; and no
 * entry without its row.
 */
export async function expectRollupsMatchEntries(db: AppDb): Promise<void> {
  const entries = await db.kysely.selectFrom("ledger_entries").selectAll().execute();
  for (const rollup of ROLLUP_TABLES) {
    const keyOf = (person: string, start: number, dims: { feature: string; model: string; preset: string; preset_version: unknown }) =>
      [rollup.perPerson ? person : "", start, dims.feature, dims.model, dims.preset, Number(dims.preset_version)].join("|");
    const expected = new Map<string, number[]>();
    for (const entry of entries) {
      const key = keyOf(entry.user_id, periodStart(rollup.grain, Number(entry.created_ms)), entry);
      const sums = expected.get(key) ?? SUMS.map(() => 0);
      if (entry.state !== "released") {
        sums[0]! += 1;
        sums[1]! += entry.state === "settled" ? Number(entry.settled_usd) : Number(entry.reserved_usd);
        sums[2]! += Number(entry.settled_usd ?? 0);
        sums[3]! += entry.state === "reserved" ? Number(entry.reserved_usd) : 0;
        sums[4]! += Number(entry.input_tokens ?? 0);
        sums[5]! += Number(entry.output_tokens ?? 0);
      }
      expected.set(key, sums);
    }
    const rows = (await db.kysely.selectFrom(rollup.table).selectAll().execute()) as unknown as Record<string, unknown>[];
    const seen = new Set<string>();
    for (const row of rows) {
      const key = keyOf(String(row.user_id ?? ""), Number(row[rollup.time]), row as never);
      seen.add(key);
      const sums = expected.get(key) ?? SUMS.map(() => 0);
      SUMS.forEach((column, index) => expect(Number(row[column]), `${rollup.table} ${key} ${column}`).toBeCloseTo(sums[index]!, 9));
    }
    for (const [key, sums] of expected) if (sums[0]! > 0) expect(seen.has(key), `a ${rollup.table} row for ${key}`).toBe(true);
  }
}

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import { expectRollupsMatchEntries } from "../testing/rollups-match";
import { useTestAppDb } from "../testing/test-app-db";
import { Ledger, type BudgetDefaults } from "./ledger";
import { pruneLedgerTurn, RETENTION_BATCH, RETENTION_BATCHES_PER_TURN, retentionCutoff } from "./retention";
import { HOUR_MS } from "./windows";

const DEFAULTS: BudgetDefaults = { dayUsd: 1e9, monthUsd: 1e9, daySetting: "MODEL_MAX_COST_PER_DAY_USD", monthSetting: "MODEL_MAX_COST_PER_MONTH_USD" };
const DAY = 24 * HOUR_MS;
// Noon UTC on 10 March 2031.
const NOW = Date.UTC(2031, 2, 10, 12);

type Fate = "settled" | "released" | "unknown" | "reserved";

describe.each(APP_DB_DIALECTS)("ledger retention on %s", (dialect) => {
  const testDb = useTestAppDb(dialect, "gatehouse-retention-");
  const ledger = () => new Ledger(testDb.db, () => DEFAULTS);

  async function write(userId: string, at: number, fate: Fate, cost: number, model = "gatehouse/swift"): Promise<string> {
    const ref = await ledger().reserve({ userId, feature: "playground", model, subject: { kind: "test", id: `${at}` }, reserveUsd: 0.5, at });
    if (fate === "settled") await ledger().settle(ref.id, { costUsd: cost, inputTokens: 10, outputTokens: 3, at });
    if (fate === "released") await ledger().release(ref.id);
    if (fate === "unknown") await ledger().markUnknown(ref.id);
    return ref.id;
  }

  it("never reaches into the current UTC month, whatever the setting", () => {
    expect(retentionCutoff(1, NOW)).toBe(Date.UTC(2031, 2, 1));
    expect(retentionCutoff(90, NOW)).toBe(NOW - 90 * DAY);
  });

  it("property: removes only old settled and released entries, in bounded batches, and the rollups stay the sums of what remains", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ daysAgo: fc.integer({ min: 0, max: 200 }), hour: fc.integer({ min: 0, max: 23 }), fate: fc.constantFrom<Fate>("settled", "released", "unknown", "reserved"), cost: fc.double({ min: 0, max: 1, noNaN: true }), model: fc.constantFrom("a/x", "b/y") }), { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 1, max: 7 }),
        async (calls, limit) => {
          const userId = `user-${Math.random().toString(36).slice(2)}`;
          const ids = new Map<string, { at: number; fate: Fate }>();
          for (const item of calls) {
            const at = NOW - item.daysAgo * DAY + item.hour * HOUR_MS;
            ids.set(await write(userId, at, item.fate, item.cost, item.model), { at, fate: item.fate });
          }
          const cutoff = NOW - 60 * DAY;
          const removable = [...ids.values()].filter((entry) => entry.at < cutoff && (entry.fate === "settled" || entry.fate === "released")).length;
          // Bounded: one call removes at most `limit`; repeated, it drains exactly the removable ones.
          let removed = 0;
          for (;;) {
            const count = await ledger().prune(cutoff, limit);
            expect(count).toBeLessThanOrEqual(limit);
            removed += count;
            await expectRollupsMatchEntries(testDb.db);
            if (count === 0) break;
          }
          expect(removed).toBe(removable);
          const left = await testDb.db.kysely.selectFrom("ledger_entries").select(["id"]).where("user_id", "=", userId).execute();
          for (const [id, entry] of ids) {
            const kept = left.some((row) => row.id === id);
            expect(kept, `${entry.fate} ${entry.at < cutoff ? "old" : "recent"}`).toBe(entry.at >= cutoff || entry.fate === "reserved" || entry.fate === "unknown");
          }
        },
      ),
      { numRuns: 15 },
    );
  }, 180_000);

  it("two prunes at once take each entry out of the rollups once", async () => {
    const userId = `racer-${Math.random().toString(36).slice(2)}`;
    for (let index = 0; index < 40; index++) await write(userId, NOW - 100 * DAY + index * HOUR_MS, "settled", 0.01 * index);
    const [first, second] = await Promise.all([ledger().prune(NOW - 60 * DAY, 30), new Ledger(testDb.db, () => DEFAULTS).prune(NOW - 60 * DAY, 30)]);
    expect(first + second).toBeLessThanOrEqual(40);
    await expectRollupsMatchEntries(testDb.db);
    const rest = await ledger().prune(NOW - 60 * DAY, 100);
    expect(first + second + rest).toBe(40);
    await expectRollupsMatchEntries(testDb.db);
  }, 60_000);

  it("a turn is bounded: at most RETENTION_BATCHES_PER_TURN batches", async () => {
    const turn = await pruneLedgerTurn(ledger(), 30, NOW);
    expect(turn).toBeLessThanOrEqual(RETENTION_BATCH * RETENTION_BATCHES_PER_TURN);
  });
});

import { describe, expect, it } from "vitest";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import { useTestAppDb } from "../testing/test-app-db";
import { backfillLedgerHistory, BACKFILL_DONE_KEY } from "./backfill";
import { Ledger, type BudgetDefaults } from "./ledger";

const DEFAULTS: BudgetDefaults = { dayUsd: 1, monthUsd: 3, daySetting: "MODEL_MAX_COST_PER_DAY_USD", monthSetting: "MODEL_MAX_COST_PER_MONTH_USD" };

describe.each(APP_DB_DIALECTS)("the ledger's backfill of earlier spending on %s", (dialect) => {
  const testDb = useTestAppDb(dialect, "gatehouse-backfill-");

  /** Rows as the app wrote them before migration 10: costs on the video jobs and evaluation items, no ledger entry. */
  async function seedHistory() {
    const kysely = testDb.db.kysely;
    await kysely
      .insertInto("video_generations")
      .values({ id: "gen-1", user_id: "alice", user_email: "a@x", user_name: "A", prompt: "p", settings: "{}", models: "[]", estimated_cost: 2, estimate_complete: 1, idempotency_key: "k", request_fingerprint: "f", created_at: "2026-01-05T10:00:00.000Z" } as never)
      .execute();
    for (const [position, cost] of [
      [0, 0.75],
      [1, null],
      [2, 0],
    ] as const) {
      await kysely
        .insertInto("video_jobs")
        .values({ generation_id: "gen-1", position, model: `video/m${position}`, status: "succeeded", cost, estimated_cost: 1, submitted_at: "2026-01-05T10:00:01.000Z" } as never)
        .execute();
    }
    const plan = JSON.stringify({ versions: [{ id: "@preset/support@3", label: "support v3", request: { model: "openai/gpt-4o" } }, { id: "gatehouse/swift", label: "swift", request: {} }] });
    await kysely
      .insertInto("eval_runs")
      .values({ id: "run-1", user_id: "bob", set_id: "s", set_version: 1, plan, status: "finished", cap_usd: 5, item_reserve_usd: 0.1, created_at: "2026-01-06T09:00:00.000Z" } as never)
      .execute();
    for (const [position, version, cost] of [
      [0, 0, 0.02],
      [1, 1, 0.03],
      [2, 1, null],
    ] as const) {
      await kysely
        .insertInto("eval_items")
        .values({ run_id: "run-1", position, version_index: version, question_index: position, repeat_index: 0, status: "done", cost_usd: cost, started_at: `2026-01-06T09:0${position}:00.000Z` } as never)
        .execute();
    }
  }

  it("puts every earlier cost on the ledger once, settled, with its person, model, preset and rollup; a second run adds nothing", async () => {
    await seedHistory();
    const ledger = new Ledger(testDb.db, () => DEFAULTS);
    expect(await backfillLedgerHistory(testDb.db, ledger)).toEqual({ videoJobs: 1, evaluationItems: 2 });

    const video = await ledger.entriesOf({ kind: "video-generation", id: "gen-1:0" });
    expect(video).toHaveLength(1);
    expect(video[0]).toMatchObject({ user_id: "alice", feature: "video", model: "video/m0", state: "settled", settled_usd: 0.75, created_ms: Date.parse("2026-01-05T10:00:01.000Z") });
    const item = (await ledger.entriesOf({ kind: "evaluation-item", id: "run-1:0" }))[0];
    expect(item).toMatchObject({ user_id: "bob", feature: "evaluation-item", model: "openai/gpt-4o", preset: "support", preset_version: 3, state: "settled", settled_usd: 0.02 });
    expect((await ledger.entriesOf({ kind: "evaluation-item", id: "run-1:1" }))[0]).toMatchObject({ model: "gatehouse/swift", preset: "" });
    const linked = await testDb.db.kysely.selectFrom("eval_items").select(["position", "ledger_entry"]).where("run_id", "=", "run-1").orderBy("position").execute();
    expect(linked.map((row) => row.ledger_entry)).toEqual([item!.id, expect.any(String), null]);

    // What /usage reads: the rollups hold exactly those costs.
    const rollups = await testDb.db.kysely.selectFrom("ledger_hourly").select(["user_id", "counted_usd", "calls"]).execute();
    expect(rollups.reduce((sum, row) => sum + Number(row.counted_usd), 0)).toBeCloseTo(0.8, 9);
    expect(rollups.reduce((sum, row) => sum + Number(row.calls), 0)).toBe(3);

    // Idempotent: with the marker, and without it (the rows are linked).
    expect(await backfillLedgerHistory(testDb.db, ledger)).toEqual({ videoJobs: 0, evaluationItems: 0 });
    await testDb.db.kysely.deleteFrom("instance_settings").where("key", "=", BACKFILL_DONE_KEY).execute();
    const [first, second] = await Promise.all([backfillLedgerHistory(testDb.db, ledger), backfillLedgerHistory(testDb.db, ledger)]);
    expect(first.videoJobs + first.evaluationItems + second.videoJobs + second.evaluationItems).toBe(0);
    const count = await testDb.db.kysely.selectFrom("ledger_entries").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
  });
});

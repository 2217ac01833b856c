import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { APP_DB_DIALECTS, type AppDbDialect } from "@/lib/testing/postgres-database";
import { useTestAppDb } from "../testing/test-app-db";
import { testAppDbTarget } from "../testing/test-support";
import { openAppDb, type AppDb, type AppDbTarget } from "./app-db";
import { EvaluationRunsStore, type EvaluationItemKey } from "./evaluation-runs-store";
import { Ledger } from "../ledger/ledger";
import { roomyLedger } from "../testing/test-ledger";

/**
 * The run's spending as a claim weighs it (migration 9: kept on the run row, added to in the transaction that
 * records an item's cost). The runner's tests show the cap holding over whole runs; these follow the running
 * total through each way an item's cost is recorded, a restart, and a database written before the column.
 */

const LEASE_MS = 1_000;

function items(count: number): EvaluationItemKey[] {
  return Array.from({ length: count }, (_, question) => ({ version_index: question % 2, question_index: question, repeat_index: 0 }));
}

async function spending(store: EvaluationRunsStore, runId: string): Promise<{ run: number; items: number }> {
  const run = await store.get(runId);
  const rows = await store.items(runId, { limit: 5_000 });
  return { run: Number(run?.spent_usd), items: rows.reduce((sum, row) => sum + (row.cost_usd ?? 0), 0) };
}

async function claimOne(store: EvaluationRunsStore, runId: string, instance: string, now = Date.now()) {
  const claim = await store.claim(runId, instance, { now, leaseMs: LEASE_MS, concurrency: 16 });
  if (claim.kind !== "item") throw new Error(`expected an item, got ${claim.kind}`);
  return claim.item;
}

describe.each(APP_DB_DIALECTS)("an evaluation run's running spend on %s", (dialect) => {
  const testDb = useTestAppDb(dialect, "gatehouse-eval-spend-");
  let store: EvaluationRunsStore;
  let runCounter = 0;

  beforeAll(() => {
    store = new EvaluationRunsStore(testDb.db, roomyLedger(testDb.db));
  });

  async function newRun(options: { count: number; capUsd?: number; reserveUsd?: number }): Promise<string> {
    const id = `spend-${dialect}-${runCounter++}`;
    await store.create({ id, userId: "u1", setId: "s1", setVersion: 1, plan: {}, capUsd: options.capUsd ?? 10, itemReserveUsd: options.reserveUsd ?? 0.01, items: items(options.count) });
    return id;
  }

  it("adds every recorded cost, finished, failed or retried, and nothing for a result that is no longer this instance's", async () => {
    const id = await newRun({ count: 12 });
    const claimed = [];
    for (let index = 0; index < 12; index++) claimed.push(await claimOne(store, id, "a"));
    // Finished side by side: no addition is lost to another.
    await Promise.all(claimed.slice(0, 8).map((item, index) => store.finish(id, item.position, "a", { status: "done", result: { answer: "ok" }, costUsd: 0.001 * (index + 1), attempts: 1 })));
    expect(await store.finish(id, claimed[8].position, "a", { status: "failed", error: { status: 400, message: "bad", code: null }, costUsd: 0.002, attempts: 1 })).toBe(true);
    // A stream cut after tokens were billed: charged, then tried again.
    expect(await store.retryLater(id, claimed[9].position, "a", Date.now(), 1, 0.003)).toBe(true);
    // Not the holder (its lease lapsed and another took it, say): refused, and nothing is counted.
    expect(await store.finish(id, claimed[10].position, "someone-else", { status: "done", costUsd: 5, attempts: 1 })).toBe(false);
    expect(await store.retryLater(id, claimed[11].position, "someone-else", Date.now(), 1, 5)).toBe(false);

    const spent = await spending(store, id);
    expect(spent.run).toBeCloseTo(0.036 + 0.002 + 0.003, 9);
    expect(spent.run).toBeCloseTo(spent.items, 9);
    // The retried item ran again and its second charge joins the first.
    const again = await claimOne(store, id, "a");
    expect(again.position).toBe(claimed[9].position);
    await store.finish(id, again.position, "a", { status: "done", costUsd: 0.004, attempts: 2 });
    const after = await spending(store, id);
    expect(after.run).toBeCloseTo(0.045, 9);
    expect(after.run).toBeCloseTo(after.items, 9);
  });

  it("holds the cap across a crash: the next instance weighs what was spent before it and takes over the lapsed item", async () => {
    // Each item may cost 0.01 (reserved while it runs); the cap leaves room for four and a half.
    const id = await newRun({ count: 8, capUsd: 0.045, reserveUsd: 0.01 });
    const start = Date.now();
    const first = await claimOne(store, id, "dead", start);
    const second = await claimOne(store, id, "dead", start);
    const third = await claimOne(store, id, "dead", start);
    await store.finish(id, first.position, "dead", { status: "done", costUsd: 0.01, attempts: 1 });
    await store.finish(id, second.position, "dead", { status: "done", costUsd: 0.01, attempts: 1 });
    // The instance dies holding the third item; the next start opens the database afresh.
    const reopened = await testDb.reopen();
    try {
      const next = new EvaluationRunsStore(reopened, roomyLedger(reopened));
      expect(Number((await next.get(id))?.spent_usd)).toBeCloseTo(0.02, 9);
      const later = start + LEASE_MS + 1;
      const taken = await claimOne(next, id, "next", later);
      expect(taken.position).toBe(third.position);
      await next.finish(id, taken.position, "next", { status: "done", costUsd: 0.01, attempts: 1 });
      // The dead instance's call may have been made: its reserve stays counted (0.04 in all), and one more item's
      // 0.01 would pass 0.045: the run stops there.
      expect((await next.claim(id, "next", { now: later, leaseMs: LEASE_MS, concurrency: 16 })).kind).toBe("ended");
      const run = await next.get(id);
      expect(run).toMatchObject({ status: "stopped", stop_reason: "cap" });
      const spent = await spending(next, id);
      expect(spent.run).toBeCloseTo(0.04, 9);
      expect(spent.items).toBeCloseTo(0.04, 9);
      expect(spent.items).toBeLessThanOrEqual(0.045);
      // The dead instance's late answer for the item taken over is dropped, cost and all.
      expect(await store.finish(id, third.position, "dead", { status: "done", costUsd: 0.01, attempts: 1 })).toBe(false);
      expect((await spending(next, id)).run).toBeCloseTo(0.04, 9);
    } finally {
      await reopened.close();
    }
  });

  it("takes claims and settles of one run side by side without a deadlock, and its spending adds up", async () => {
    // Eight workers claim and finish at once, as a runner at concurrency 8 does. A claim once wrote the ledger's
    // rollup row before the run's row while a settle wrote them the other way round: PostgreSQL ended one of the
    // two ("deadlock detected") and the runner failed the run. Both now take the run's row first.
    const count = 96;
    const id = await newRun({ count, capUsd: 100, reserveUsd: 0.01 });
    const worker = async (name: string) => {
      for (;;) {
        const claim = await store.claim(id, name, { now: Date.now(), leaseMs: 60_000, concurrency: 8 });
        if (claim.kind === "ended" || claim.kind === "empty") return;
        if (claim.kind === "busy") {
          await new Promise((resolve) => setImmediate(resolve));
          continue;
        }
        await store.finish(id, claim.item.position, name, { status: "done", costUsd: 0.001, attempts: 1 });
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, index) => worker(`w${index}`)));
    const rows = await store.items(id, { limit: count });
    expect(rows.filter((row) => row.status === "done")).toHaveLength(count);
    const spent = await spending(store, id);
    expect(spent.run).toBeCloseTo(count * 0.001, 9);
    expect(spent.items).toBeCloseTo(count * 0.001, 9);
    expect(Number((await store.get(id))?.reserved_usd)).toBeCloseTo(0, 9);
  }, 120_000);

  it("puts each claim's reserve on the user's ledger and settles it at what the item cost", async () => {
    const id = await newRun({ count: 2, capUsd: 1 });
    const item = await claimOne(store, id, "a");
    const [reserved] = await store.ledger.entriesOf({ kind: "evaluation-item", id: `${id}:${item.position}` });
    expect(reserved).toMatchObject({ user_id: "u1", feature: "evaluation-item", state: "reserved" });
    expect(Number((await store.get(id))?.reserved_usd)).toBeCloseTo(reserved.reserved_usd, 9);
    await store.finish(id, item.position, "a", { status: "done", costUsd: 0.0001, attempts: 1 });
    const [settled] = await store.ledger.entriesOf({ kind: "evaluation-item", id: `${id}:${item.position}` });
    expect(settled).toMatchObject({ state: "settled", settled_usd: 0.0001 });
    expect(Number((await store.get(id))?.reserved_usd)).toBeCloseTo(0, 9);
  });

  it("stops a run at a claim the person's budget refuses, whatever its cap (two runs share one budget)", async () => {
    const tight = new EvaluationRunsStore(testDb.db, new Ledger(testDb.db, () => ({ dayUsd: 0.025, monthUsd: 1, daySetting: "D", monthSetting: "M" })));
    const userId = `budget-${Math.random()}`;
    const ids = [];
    for (let run = 0; run < 2; run++) {
      const id = `budget-run-${Math.random()}`;
      await tight.create({ id, userId, setId: "s", setVersion: 1, plan: {}, capUsd: 1, itemReserveUsd: 0.01, items: Array.from({ length: 3 }, (_, question) => ({ version_index: 0, question_index: question, repeat_index: 0 })) });
      ids.push(id);
    }
    const claims = [];
    for (const id of ids) for (let attempt = 0; attempt < 3; attempt++) claims.push((await tight.claim(id, "a", { now: Date.now(), leaseMs: LEASE_MS, concurrency: 16 })).kind);
    // $0.025 a day at $0.01 a claim: two claims in all, then each run stops at its next one.
    expect(claims.filter((kind) => kind === "item")).toHaveLength(2);
    expect((await tight.get(ids[1]))).toMatchObject({ status: "stopped", stop_reason: "budget" });
    expect((await tight.ledger.budget(userId)).day.spentUsd).toBeCloseTo(0.02, 9);
  });

  it("records an item that cost more than its reserve and stops the run", async () => {
    const id = await newRun({ count: 3, capUsd: 1 });
    const claim = await store.claim(id, "a", { now: Date.now(), leaseMs: LEASE_MS, concurrency: 1, reserveOf: () => ({ usd: 0.01, model: "m", feature: "evaluation-item" }) });
    if (claim.kind !== "item") throw new Error(`expected an item, got ${claim.kind}`);
    expect(await store.finish(id, claim.item.position, "a", { status: "done", costUsd: 0.05, attempts: 1 })).toBe(true);
    const run = await store.get(id);
    expect(run).toMatchObject({ status: "stopped", stop_reason: "over_reserve" });
    expect(Number(run?.spent_usd)).toBeCloseTo(0.05, 9);
    expect((await store.items(id)).filter((one) => one.status === "cancelled")).toHaveLength(2);
  });
});

/**
 * A database as build 8 left it, with a run part-way through (costs on its items, no running total): migration 9
 * undone on a new database (its column, its index and its record), so reopening applies it to those rows.
 */
async function databaseBefore9(dialect: AppDbDialect, dataDir: string): Promise<AppDbTarget> {
  const target = await testAppDbTarget(dialect, dataDir);
  const db = await openAppDb(target);
  try {
    const store = new EvaluationRunsStore(db, roomyLedger(db));
    await store.create({ id: "old-run", userId: "u1", setId: "s1", setVersion: 1, plan: {}, capUsd: 0.05, itemReserveUsd: 0.01, items: items(5) });
    await sql`UPDATE eval_items SET status = 'done', cost_usd = 0.01 + position * 0.005 WHERE run_id = 'old-run' AND position < 2`.execute(db.kysely);
    await sql`DROP INDEX eval_items_by_version`.execute(db.kysely);
    await sql`ALTER TABLE eval_runs DROP COLUMN spent_usd`.execute(db.kysely);
    await sql`DELETE FROM schema_migrations WHERE version = 9`.execute(db.kysely);
  } finally {
    await db.close();
  }
  return target;
}

describe.each(APP_DB_DIALECTS)("migration 9 on %s", (dialect) => {
  let dataDir = "";
  let db: AppDb | null = null;
  afterEach(async () => {
    await db?.close();
    db = null;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("starts a run recorded before it from its items' costs, so its cap still holds", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-migration9-"));
    db = await openAppDb(await databaseBefore9(dialect, dataDir));
    expect(db.migrated).toEqual([9]);
    const store = new EvaluationRunsStore(db, roomyLedger(db));
    expect(Number((await store.get("old-run"))?.spent_usd)).toBeCloseTo(0.025, 9);
    // 0.025 spent, 0.01 reserved per item: two more fit under 0.05, the third waits for them, then would not fit.
    const now = Date.now();
    const taken = [];
    for (let index = 0; index < 2; index++) {
      const claim = await store.claim("old-run", "a", { now, leaseMs: LEASE_MS, concurrency: 16 });
      if (claim.kind !== "item") throw new Error(`expected an item, got ${claim.kind}`);
      taken.push(claim.item);
    }
    expect((await store.claim("old-run", "a", { now, leaseMs: LEASE_MS, concurrency: 16 })).kind).toBe("busy");
    for (const item of taken) await store.finish("old-run", item.position, "a", { status: "done", costUsd: 0.01, attempts: 1 });
    expect((await store.claim("old-run", "a", { now, leaseMs: LEASE_MS, concurrency: 16 })).kind).toBe("ended");
    expect((await store.get("old-run"))?.stop_reason).toBe("cap");
  });
});

import { sql, type Selectable } from "kysely";
import type { AppDb, LockConnection } from "./app-db";
import type { EvaluationScoringsTable } from "./app-tables";

/**
 * Scorings of evaluation runs (migration 12): a re-score is a job, not a request. Its items (one per stored answer)
 * are claimed with a lease under the scoring's lock, as a run's are (EvaluationRunsStore.claim): any instance on the same
 * database takes its share, and a restart resumes where the scoring stopped. Each item stores its verdicts as it
 * ends; eval_verdicts caches every verdict computed, so no verdict is computed (nor paid for) twice.
 */

export type EvaluationScoringRow = Selectable<EvaluationScoringsTable>;

export type ScoringClaim = { kind: "item"; position: number } | { kind: "busy" } | { kind: "empty" } | { kind: "ended" };

/** Scorings one run keeps at most (the original counts as number 1): each is a copy of the run's verdicts. */
export const SCORINGS_PER_RUN_MAX = 20;

/** Rows per INSERT: under SQLite's bound-variable limit (4 a row) and PostgreSQL's. */
const INSERT_CHUNK = 1_000;

export interface NewScoring {
  id: string;
  runId: string;
  userId: string;
  checks: unknown;
  judgeModel: string | undefined;
  judgeThreshold: number | undefined;
  judgePricing: unknown;
  /** The positions of the run's answered or failed items: one scoring item each. */
  positions: readonly number[];
  at?: Date;
}

function scoringLock(id: string): string {
  return `eval-scoring:${id}`;
}

function inTransaction<T>(on: LockConnection, task: (trx: LockConnection) => Promise<T>): Promise<T> {
  return on.isTransaction ? task(on) : on.transaction().execute(task);
}

export class EvaluationScoringsStore {
  constructor(private readonly db: AppDb) {}

  /**
   * Records a scoring and its items, numbered after the run's last (the original is 1). Under the run's lock: null
   * when another scoring of the run is running, or the run keeps SCORINGS_PER_RUN_MAX already.
   */
  async create(scoring: NewScoring): Promise<{ number: number } | { refused: "running" | "full" }> {
    return this.db.serialize(`eval-run:${scoring.runId}`, (locked) =>
      inTransaction(locked, async (on) => {
        const rows = await on.selectFrom("eval_scorings").select(["number", "status"]).where("run_id", "=", scoring.runId).execute();
        if (rows.some((row) => row.status === "running")) return { refused: "running" as const };
        if (rows.length + 1 >= SCORINGS_PER_RUN_MAX) return { refused: "full" as const };
        const number = Math.max(1, ...rows.map((row) => row.number)) + 1;
        await on
          .insertInto("eval_scorings")
          .values({
            id: scoring.id,
            run_id: scoring.runId,
            number,
            user_id: scoring.userId,
            status: "running",
            checks: JSON.stringify(scoring.checks),
            judge_model: scoring.judgeModel ?? null,
            judge_threshold: scoring.judgeThreshold ?? null,
            judge_pricing: JSON.stringify(scoring.judgePricing ?? null),
            total: scoring.positions.length,
            error: null,
            created_at: (scoring.at ?? new Date()).toISOString(),
            ended_at: null,
          })
          .execute();
        for (let start = 0; start < scoring.positions.length; start += INSERT_CHUNK) {
          const rows = scoring.positions.slice(start, start + INSERT_CHUNK).map((position) => ({ scoring_id: scoring.id, position, status: "pending" as const, claimed_by: null, lease_until: null, checks: null }));
          await on.insertInto("eval_scoring_items").values(rows).execute();
        }
        return { number };
      }),
    );
  }

  async get(id: string): Promise<EvaluationScoringRow | undefined> {
    return this.db.kysely.selectFrom("eval_scorings").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async byNumber(runId: string, number: number): Promise<EvaluationScoringRow | undefined> {
    return this.db.kysely.selectFrom("eval_scorings").selectAll().where("run_id", "=", runId).where("number", "=", number).executeTakeFirst();
  }

  /** A run's scorings after its original, oldest first (at most SCORINGS_PER_RUN_MAX). */
  async list(runId: string): Promise<EvaluationScoringRow[]> {
    return this.db.kysely.selectFrom("eval_scorings").selectAll().where("run_id", "=", runId).orderBy("number").execute();
  }

  async running(): Promise<EvaluationScoringRow[]> {
    return this.db.kysely.selectFrom("eval_scorings").selectAll().where("status", "=", "running").orderBy("created_at").execute();
  }

  /**
   * Takes the scoring's next item for `instanceId` until `now + leaseMs`: a pending one, or one whose holder's lease
   * lapsed (its process stopped). Busy while `concurrency` of its items are in flight.
   */
  async claim(scoringId: string, instanceId: string, options: { now: number; leaseMs: number; concurrency: number }): Promise<ScoringClaim> {
    const { now, leaseMs, concurrency } = options;
    return this.db.serialize(scoringLock(scoringId), (locked) =>
      inTransaction(locked, async (on) => {
        const scoring = await on.selectFrom("eval_scorings").select("status").where("id", "=", scoringId).executeTakeFirst();
        if (!scoring || scoring.status !== "running") return { kind: "ended" as const };
        const flying = await on
          .selectFrom("eval_scoring_items")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("scoring_id", "=", scoringId)
          .where("status", "=", "claimed")
          .where("lease_until", ">=", now)
          .executeTakeFirstOrThrow();
        if (Number(flying.count) >= concurrency) return { kind: "busy" as const };
        const pending = await on.selectFrom("eval_scoring_items").select("position").where("scoring_id", "=", scoringId).where("status", "=", "pending").orderBy("position").limit(1).executeTakeFirst();
        const lapsed = await on
          .selectFrom("eval_scoring_items")
          .select("position")
          .where("scoring_id", "=", scoringId)
          .where("status", "=", "claimed")
          .where("lease_until", "<", now)
          .orderBy("position")
          .limit(1)
          .executeTakeFirst();
        const next = lapsed ?? pending;
        if (!next) return { kind: "empty" as const };
        await on
          .updateTable("eval_scoring_items")
          .set({ status: "claimed", claimed_by: instanceId, lease_until: now + leaseMs })
          .where("scoring_id", "=", scoringId)
          .where("position", "=", next.position)
          .execute();
        return { kind: "item" as const, position: next.position };
      }),
    );
  }

  /** Extends the lease of an item this instance holds; false when it is no longer ours. */
  async renew(scoringId: string, position: number, instanceId: string, until: number): Promise<boolean> {
    const result = await this.db.kysely
      .updateTable("eval_scoring_items")
      .set({ lease_until: until })
      .where("scoring_id", "=", scoringId)
      .where("position", "=", position)
      .where("status", "=", "claimed")
      .where("claimed_by", "=", instanceId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Hands an item back unscored (this instance stops, or its user's rate limit said wait). */
  async release(scoringId: string, position: number, instanceId: string): Promise<void> {
    await this.db.kysely
      .updateTable("eval_scoring_items")
      .set({ status: "pending", claimed_by: null, lease_until: null })
      .where("scoring_id", "=", scoringId)
      .where("position", "=", position)
      .where("status", "=", "claimed")
      .where("claimed_by", "=", instanceId)
      .execute();
  }

  /**
   * Stores an item's verdicts and adds what it took to the scoring's figures, in one transaction; false (nothing
   * written) when the item is no longer this instance's.
   */
  async finishItem(scoringId: string, position: number, instanceId: string, outcome: { checks: unknown; judgeCalls: number; reused: number; costUsd: number }): Promise<boolean> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("eval_scoring_items")
        .set({ status: "done", claimed_by: null, lease_until: null, checks: JSON.stringify(outcome.checks) })
        .where("scoring_id", "=", scoringId)
        .where("position", "=", position)
        .where("status", "=", "claimed")
        .where("claimed_by", "=", instanceId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable("eval_scorings")
        .set({
          done_count: sql<number>`done_count + 1`,
          judge_calls: sql<number>`judge_calls + ${outcome.judgeCalls}`,
          reused: sql<number>`reused + ${outcome.reused}`,
          cost_usd: sql<number>`cost_usd + ${outcome.costUsd}`,
        })
        .where("id", "=", scoringId)
        .execute();
      return true;
    });
  }

  /** Ends a running scoring whose items are all scored; true when this call ended it. */
  async finishIfComplete(scoringId: string, at = new Date()): Promise<boolean> {
    return this.db.serialize(scoringLock(scoringId), async (on) => {
      const open = await on.selectFrom("eval_scoring_items").select("position").where("scoring_id", "=", scoringId).where("status", "!=", "done").limit(1).executeTakeFirst();
      if (open) return false;
      const result = await on.updateTable("eval_scorings").set({ status: "done", ended_at: at.toISOString() }).where("id", "=", scoringId).where("status", "=", "running").executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  /** Stops a running scoring: cancelled by a person, or failed with a reason (its work could not be built). */
  async end(scoringId: string, status: "cancelled" | "failed", error: string | null = null, at = new Date()): Promise<boolean> {
    return this.db.serialize(scoringLock(scoringId), async (on) => {
      const result = await on.updateTable("eval_scorings").set({ status, error, ended_at: at.toISOString() }).where("id", "=", scoringId).where("status", "=", "running").executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  /** Each scored item's verdicts, by position. */
  async itemChecks(scoringId: string): Promise<Map<number, unknown>> {
    const rows = await this.db.kysely.selectFrom("eval_scoring_items").select(["position", "checks"]).where("scoring_id", "=", scoringId).where("status", "=", "done").execute();
    return new Map(rows.map((row) => [row.position, row.checks === null ? null : (JSON.parse(row.checks) as unknown)]));
  }

  /** The cached verdicts of one answer, by key. */
  async verdictsOf(runId: string, position: number): Promise<Map<string, unknown>> {
    const rows = await this.db.kysely.selectFrom("eval_verdicts").select(["check_key", "verdict"]).where("run_id", "=", runId).where("position", "=", position).execute();
    return new Map(rows.map((row) => [row.check_key, JSON.parse(row.verdict) as unknown]));
  }

  /** Every cached key of a run by position (an estimate reads which checks would run). */
  async cachedKeys(runId: string): Promise<Map<number, Set<string>>> {
    const rows = await this.db.kysely.selectFrom("eval_verdicts").select(["position", "check_key"]).where("run_id", "=", runId).execute();
    const out = new Map<number, Set<string>>();
    for (const row of rows) {
      const keys = out.get(row.position) ?? new Set<string>();
      keys.add(row.check_key);
      out.set(row.position, keys);
    }
    return out;
  }

  /** Caches verdicts (a key already there keeps its verdict: the first computed is the one every scoring reads). */
  async putVerdicts(runId: string, entries: readonly { position: number; key: string; verdict: unknown }[]): Promise<void> {
    for (let start = 0; start < entries.length; start += INSERT_CHUNK) {
      const rows = entries.slice(start, start + INSERT_CHUNK).map((entry) => ({ run_id: runId, position: entry.position, check_key: entry.key, verdict: JSON.stringify(entry.verdict) }));
      await this.db.kysely
        .insertInto("eval_verdicts")
        .values(rows)
        .onConflict((conflict) => conflict.columns(["run_id", "position", "check_key"]).doNothing())
        .execute();
    }
  }
}

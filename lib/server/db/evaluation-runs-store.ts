import { sql, type Selectable } from "kysely";
import type { Ledger, LedgerEntryRef, LedgerFeature, Settlement } from "../ledger/ledger";
import { EPSILON, SpendRefusal } from "../ledger/refusal";
import type { AppDb, LockConnection } from "./app-db";
import type { EvaluationItemStatus, EvaluationRunStatus, EvaluationRunsTable } from "./app-tables";
import { yieldToLoop } from "@/lib/evaluations/import-chunks";

/** One item of a run: a version of the plan tried on a question, `repeat_index` of the run's repeats. */
export interface EvaluationItemKey {
  version_index: number;
  question_index: number;
  repeat_index: number;
}

export interface NewEvaluationRun {
  id: string;
  userId: string;
  setId: string;
  setVersion: number;
  /** JSON-serialisable plan (versions with their request settings, repeats, concurrency, checks). */
  plan: unknown;
  capUsd: number;
  /** The most one item may cost: reserved against the cap while the item runs. */
  itemReserveUsd: number;
  items: readonly EvaluationItemKey[];
  /** The run's name as it starts (the default from its versions and set). */
  name?: string;
  /** Its estimate, low to high from its real requests (services/evaluation-runs.ts), kept to show beside the actual. */
  estimate?: { lowUsd: number; highUsd: number };
  at?: Date;
}

/** A run as stored: the table's row (app-tables.ts), one definition. */
export type EvaluationRunRow = Selectable<EvaluationRunsTable>;

export interface ClaimedItem extends EvaluationItemKey {
  run_id: string;
  position: number;
  attempts: number;
}

export type ClaimResult =
  | { kind: "item"; item: ClaimedItem }
  /** Every slot of the run's concurrency is taken, or the next items wait for a Retry-After. */
  | { kind: "busy" }
  /** Nothing left to claim (the run may still have items in flight elsewhere). */
  | { kind: "empty" }
  /** The run is no longer running (cancelled, stopped, finished). */
  | { kind: "ended" };

export interface ItemProgress {
  version_index: number;
  status: EvaluationItemStatus;
  count: number;
  cost_usd: number;
}

/** An item written with its outcome already known (a run imported or seeded whole, see createEnded). */
export interface EndedEvaluationItem extends EvaluationItemKey {
  status: "done" | "failed" | "cancelled";
  result?: unknown;
  checks?: unknown;
  error?: unknown;
  costUsd: number | null;
  attempts?: number;
  startedAt?: Date;
  endedAt?: Date;
}

/** A run that has already ended, written whole (createEnded). */
export interface NewEndedEvaluationRun extends Omit<NewEvaluationRun, "items"> {
  status: Exclude<EvaluationRunStatus, "running">;
  stopReason?: string | null;
  endedAt?: Date;
  items: readonly EndedEvaluationItem[];
}

/** Rows per INSERT of ended items (13 values a row): under SQLite's 32,766 bound variables and PostgreSQL's 65,535. */
const ENDED_INSERT_CHUNK = 1_000;

/** Rows per INSERT: well under SQLite's 32,766 bound variables (6 a row) and PostgreSQL's 65,535. */
const INSERT_CHUNK = 1_000;
/** Items per read of a run's results: a few milliseconds of reading and parsing each (250 answers with their sources). */
const RESULT_ITEMS_PAGE = 250;

/** Thrown inside a transaction to roll it back: the item was not this instance's to write (see `settle`). */
class NotHolder extends Error {}

/**
 * What one call of a run reserves on the ledger: an upper bound from its real request (lib/server/ledger/call-reserve.ts),
 * the model and preset version it goes to, and the feature it is counted under.
 */
export interface CallCharge {
  usd: number;
  model: string;
  preset?: { slug: string; version: number } | null;
  feature: LedgerFeature;
}

/** Why a run stopped early, as eval_runs.stop_reason keeps it (lib/evaluations/runs/progress.ts words it). */
const STOP_REASONS = {
  /** One more call's reserve would take what the run spent and has in flight past its cap. */
  cap: "cap",
  /** The person's budget (day or month) refused the next call's reserve. */
  budget: "budget",
  /** A call cost more than its reserve: recorded, and the run stopped rather than trust its bounds further. */
  overReserve: "over_reserve",
} as const;

/** Thrown by `reserveCall` when the run can no longer spend: it ended, or the call would pass its cap or the budget. */
class RunSpendingStopped extends Error {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
    this.name = "RunSpendingStopped";
  }
}

/** The claim's reserve and ledger entry of an item `instanceId` holds; undefined when it holds it no longer. */
function heldItem(on: LockConnection, runId: string, position: number, instanceId: string) {
  return on
    .selectFrom("eval_items")
    .select(["reserve_usd", "ledger_entry"])
    .where("run_id", "=", runId)
    .where("position", "=", position)
    .where("status", "=", "claimed")
    .where("claimed_by", "=", instanceId)
    .executeTakeFirst();
}

/** Runs `task` in a transaction: the one `on` is already in (a PostgreSQL lock's), else a new one. */
/**
 * Locks the run's row for the rest of a claim's transaction on PostgreSQL (SQLite runs one transaction at a time).
 * Every transaction that writes a run's spending and the ledger takes the run's row first and the ledger's rows
 * after it (settle, release, settleCall, cancel): a claim that reserved on the ledger before it wrote the run's row
 * met a settle holding that row and waiting on the same rollup row, and PostgreSQL ended one of them ("deadlock
 * detected"), failing the run. Holding the row also keeps the spending the claim read current until it writes it.
 */
function lockRunRow(db: AppDb) {
  return <Q extends { forUpdate(): Q }>(query: Q): Q => (db.dialect === "postgres" ? query.forUpdate() : query);
}

function inTransaction<T>(on: LockConnection, task: (trx: LockConnection) => Promise<T>): Promise<T> {
  return on.isTransaction ? task(on) : on.transaction().execute(task);
}

/**
 * Evaluation runs and their items in the app database (migrations 7 and 9). The runner of every instance claims
 * items here: a claim happens under the run's lock (`db.serialize`, an advisory lock on PostgreSQL), so two
 * instances never take the same item and never together exceed the run's concurrency or its spending cap.
 * A claim costs the same at the first item and the last: the run's spending is kept on its row (`spent_usd`,
 * added to in the transaction that records an item's cost) and the next item is found through an index.
 */
export class EvaluationRunsStore {
  constructor(
    private readonly db: AppDb,
    /** Where every call of a run reserves and settles (lib/server/ledger): the person's budget and the usage views. */
    readonly ledger: Ledger,
  ) {}

  async create(run: NewEvaluationRun): Promise<void> {
    const at = (run.at ?? new Date()).toISOString();
    await this.db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto("eval_runs")
        .values({
          id: run.id,
          user_id: run.userId,
          set_id: run.setId,
          set_version: run.setVersion,
          plan: JSON.stringify(run.plan),
          status: "running",
          stop_reason: null,
          cap_usd: run.capUsd,
          item_reserve_usd: run.itemReserveUsd,
          created_at: at,
          ended_at: null,
          name: run.name ?? null,
          estimate_low_usd: run.estimate?.lowUsd ?? null,
          estimate_high_usd: run.estimate?.highUsd ?? null,
        })
        .execute();
      for (let start = 0; start < run.items.length; start += INSERT_CHUNK) {
        const rows = run.items.slice(start, start + INSERT_CHUNK).map((item, offset) => ({
          run_id: run.id,
          position: start + offset,
          version_index: item.version_index,
          question_index: item.question_index,
          repeat_index: item.repeat_index,
          status: "pending" as const,
        }));
        await trx.insertInto("eval_items").values(rows).execute();
      }
    });
  }

  async get(id: string): Promise<EvaluationRunRow | undefined> {
    return this.db.kysely.selectFrom("eval_runs").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Newest first; `after` (the last row of the page before) continues past it (keyset paging: created_at desc, id). */
  async list(options: { setId?: string; limit?: number; after?: { created_at: string; id: string } } = {}): Promise<EvaluationRunRow[]> {
    let query = this.db.kysely.selectFrom("eval_runs").selectAll();
    if (options.setId) query = query.where("set_id", "=", options.setId);
    const after = options.after;
    if (after) query = query.where((eb) => eb.or([eb("created_at", "<", after.created_at), eb.and([eb("created_at", "=", after.created_at), eb("id", ">", after.id)])]));
    return query.orderBy("created_at", "desc").orderBy("id").limit(options.limit ?? 200).execute();
  }

  /** Runs the runners should work on. */
  async running(): Promise<EvaluationRunRow[]> {
    return this.db.kysely.selectFrom("eval_runs").selectAll().where("status", "=", "running").orderBy("created_at").execute();
  }

  /** Runs running now: the user's, and everyone's (the bounds a new run is checked against). */
  async runningCounts(userId: string): Promise<{ user: number; all: number }> {
    const rows = await this.db.kysely
      .selectFrom("eval_runs")
      .select((eb) => ["user_id", eb.fn.countAll<number>().as("count")])
      .where("status", "=", "running")
      .groupBy("user_id")
      .execute();
    return { user: Number(rows.find((row) => row.user_id === userId)?.count ?? 0), all: rows.reduce((sum, row) => sum + Number(row.count), 0) };
  }

  async status(id: string): Promise<EvaluationRunStatus | undefined> {
    const row = await this.db.kysely.selectFrom("eval_runs").select("status").where("id", "=", id).executeTakeFirst();
    return row?.status;
  }

  /**
   * Takes the run's next item for `instanceId` until `now + leaseMs`: a pending item whose Retry-After has
   * passed, or one whose previous holder's lease lapsed (its instance died; that claim's reserve is kept as spent,
   * its outcome unknown). Refuses while `concurrency` items are in flight. The item's call reserves `reserveOf(item)`
   * (an upper bound from its real request) on the ledger in the same transaction: the run stops ("cap") when what
   * it spent, what its calls in flight reserved and this reserve would pass its cap, and ("budget") when the
   * person's budget refuses the reserve. Without `reserveOf` an item reserves the run's `item_reserve_usd`.
   */
  async claim(
    runId: string,
    instanceId: string,
    options: { now: number; leaseMs: number; concurrency: number; reserveOf?: (item: EvaluationItemKey) => CallCharge },
  ): Promise<ClaimResult> {
    const { now, leaseMs, concurrency } = options;
    return this.db.serialize(`eval-run:${runId}`, (locked) =>
      inTransaction(locked, async (on) => {
        // The spending and the items in flight in one statement, so one snapshot: an item that ends meanwhile is
        // either still in flight with its reserve counted, or ended with its cost counted (settle does both at once).
        const run = await on
          .selectFrom("eval_runs as r")
          .select((eb) => [
            "r.status",
            "r.user_id",
            "r.cap_usd",
            "r.item_reserve_usd",
            "r.spent_usd",
            "r.reserved_usd",
            eb
              .selectFrom("eval_items as i")
              .select((inner) => inner.fn.countAll<number>().as("count"))
              .whereRef("i.run_id", "=", "r.id")
              .where("i.status", "=", "claimed")
              .where("i.lease_until", ">=", now)
              .as("flying"),
          ])
          .where("r.id", "=", runId)
          .$call(lockRunRow(this.db))
          .executeTakeFirst();
        if (!run || run.status !== "running") return { kind: "ended" };
        const flying = Number(run.flying ?? 0);
        if (flying >= concurrency) return { kind: "busy" };

        const next = await this.nextItem(on, runId, now);
        if (!next) return { kind: "empty" };
        if (next.not_before !== null && Number(next.not_before) > now) return { kind: "busy" };

        // A lapsed claim's call may have been made: its reserve stays counted, as spent, its outcome unknown.
        let spent = Number(run.spent_usd);
        let reserved = Number(run.reserved_usd);
        if (next.ledger_entry !== null) {
          const lapsed = Number(next.reserve_usd ?? 0);
          await this.ledger.markUnknown(next.ledger_entry, on);
          spent += lapsed;
          reserved -= lapsed;
          await on
            .updateTable("eval_items")
            .set({ cost_usd: sql<number>`coalesce(cost_usd, 0) + ${lapsed}`, reserve_usd: null, ledger_entry: null })
            .where("run_id", "=", runId)
            .where("position", "=", next.position)
            .execute();
        }

        const charge = options.reserveOf?.(next) ?? { usd: run.item_reserve_usd, model: "unknown", feature: "evaluation-item" as const };
        if (spent + reserved + charge.usd > run.cap_usd + EPSILON) {
          // Items in flight may settle below their reserves and make room: wait for them. With none in flight the
          // cap cannot take this item: nothing already spent is lost, the rest are not started.
          if (flying > 0) {
            if (next.ledger_entry !== null) await on.updateTable("eval_runs").set({ spent_usd: spent, reserved_usd: reserved }).where("id", "=", runId).execute();
            return { kind: "busy" };
          }
          await this.stopOn(on, runId, STOP_REASONS.cap, now, { spent, reserved });
          return { kind: "ended" };
        }
        const entry = await this.reserveOrStop(on, runId, run.user_id, charge, `${runId}:${next.position}`, "This evaluation item's reserve", now, { spent, reserved });
        if (entry instanceof SpendRefusal) return { kind: "ended" };
        await on
          .updateTable("eval_runs")
          .set({ spent_usd: spent, reserved_usd: reserved + entry.reservedUsd })
          .where("id", "=", runId)
          .execute();
        await on
          .updateTable("eval_items")
          .set({ status: "claimed", claimed_by: instanceId, lease_until: now + leaseMs, started_at: new Date(now).toISOString(), reserve_usd: entry.reservedUsd, ledger_entry: entry.id })
          .where("run_id", "=", runId)
          .where("position", "=", next.position)
          .execute();
        return {
          kind: "item",
          item: {
            run_id: runId,
            position: next.position,
            version_index: next.version_index,
            question_index: next.question_index,
            repeat_index: next.repeat_index,
            attempts: next.attempts,
          },
        };
      }),
    );
  }

  /** Stops a running run early (`reason`: STOP_REASONS), writing its spending as the caller computed it; pending items are cancelled. */
  private async stopOn(on: LockConnection, runId: string, reason: string, now: number, spending?: { spent: number; reserved: number }): Promise<void> {
    await on
      .updateTable("eval_runs")
      .set({ status: "stopped", stop_reason: reason, ended_at: new Date(now).toISOString(), ...(spending ? { spent_usd: spending.spent, reserved_usd: spending.reserved } : {}) })
      .where("id", "=", runId)
      .where("status", "=", "running")
      .execute();
    await on.updateTable("eval_items").set({ status: "cancelled" }).where("run_id", "=", runId).where("status", "=", "pending").execute();
  }

  /**
   * Reserves a call of the run on the person's ledger inside the claim's transaction; when their budget refuses it,
   * stops the run ("budget", writing `spending` as the caller computed it) and returns the refusal.
   */
  private async reserveOrStop(
    on: LockConnection,
    runId: string,
    userId: string,
    charge: CallCharge,
    subjectId: string,
    what: string,
    now: number,
    spending?: { spent: number; reserved: number },
  ): Promise<LedgerEntryRef | SpendRefusal> {
    try {
      const request = { userId, feature: charge.feature, model: charge.model, preset: charge.preset ?? null, reserveUsd: charge.usd, what, at: now };
      return await this.ledger.reserveWithin(on, { ...request, subject: { kind: "evaluation-item", id: subjectId, group: runId } });
    } catch (error) {
      if (!(error instanceof SpendRefusal)) throw error;
      await this.stopOn(on, runId, STOP_REASONS.budget, now, spending);
      return error;
    }
  }

  /**
   * Reserves one more call of a running run (a judge call of an item's checks) on the ledger, under the run's lock:
   * refused, and the run stopped, when it would pass the run's cap or the person's budget. Settle it with `settleCall`.
   */
  async reserveCall(runId: string, charge: CallCharge, subjectId: string, now = Date.now()): Promise<LedgerEntryRef> {
    // A refusal is returned from the transaction and thrown after it commits: thrown inside, it rolled back the
    // run's stop, and the run went on claiming items whose judge calls the cap or the budget then refused.
    const reserved = await this.db.serialize(`eval-run:${runId}`, (locked) =>
      inTransaction(locked, async (on): Promise<LedgerEntryRef | RunSpendingStopped> => {
        const run = await on
          .selectFrom("eval_runs")
          .select(["status", "user_id", "cap_usd", "spent_usd", "reserved_usd"])
          .where("id", "=", runId)
          .$call(lockRunRow(this.db))
          .executeTakeFirst();
        if (!run || run.status !== "running") return new RunSpendingStopped("The run ended; no more of its calls are made.", "ended");
        const spent = Number(run.spent_usd);
        const reserved = Number(run.reserved_usd);
        if (spent + reserved + charge.usd > run.cap_usd + EPSILON) {
          await this.stopOn(on, runId, STOP_REASONS.cap, now);
          return new RunSpendingStopped(`This call's reserve would take the run past its cap of $${run.cap_usd}.`, STOP_REASONS.cap);
        }
        const entry = await this.reserveOrStop(on, runId, run.user_id, charge, subjectId, "This judge call's reserve", now);
        if (entry instanceof SpendRefusal) return new RunSpendingStopped(entry.message, STOP_REASONS.budget);
        await on.updateTable("eval_runs").set({ reserved_usd: reserved + entry.reservedUsd }).where("id", "=", runId).execute();
        return entry;
      }),
    );
    if (reserved instanceof RunSpendingStopped) throw reserved;
    return reserved;
  }

  /**
   * Settles a call `reserveCall` made: what it cost moves from the run's reserves to its spending and onto the
   * ledger; `null` when nobody learned the cost (it keeps its reserve, as spent). A call that cost more than its
   * reserve stops the run ("over_reserve"). Returns what the call counts (its cost, or the reserve it keeps).
   */
  async settleCall(runId: string, entry: LedgerEntryRef, settlement: Settlement | null, now = Date.now()): Promise<number> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const cost = settlement === null ? entry.reservedUsd : Math.max(0, settlement.costUsd);
      await trx
        .updateTable("eval_runs")
        .set({ spent_usd: sql<number>`spent_usd + ${cost}`, reserved_usd: sql<number>`reserved_usd - ${entry.reservedUsd}` })
        .where("id", "=", runId)
        .execute();
      if (settlement === null) await this.ledger.markUnknown(entry.id, trx);
      else await this.ledger.settleWithin(trx, entry.id, settlement);
      if (cost > entry.reservedUsd + EPSILON) await this.stopOn(trx, runId, STOP_REASONS.overReserve, now);
      return cost;
    });
  }

  /**
   * The first item in position order that is pending, or claimed by a holder whose lease lapsed. Two lookups
   * on the (run, status, position) index rather than one OR, which would walk the run's items from the first
   * (every ended one too) on each claim.
   */
  private async nextItem(on: LockConnection, runId: string, now: number) {
    const columns = ["position", "version_index", "question_index", "repeat_index", "attempts", "not_before", "reserve_usd", "ledger_entry"] as const;
    const pending = await on.selectFrom("eval_items").select(columns).where("run_id", "=", runId).where("status", "=", "pending").orderBy("position").limit(1).executeTakeFirst();
    const lapsed = await on
      .selectFrom("eval_items")
      .select(columns)
      .where("run_id", "=", runId)
      .where("status", "=", "claimed")
      .where("lease_until", "<", now)
      .orderBy("position")
      .limit(1)
      .executeTakeFirst();
    if (!pending || !lapsed) return pending ?? lapsed;
    return lapsed.position < pending.position ? lapsed : pending;
  }

  /** Extends the lease of an item this instance holds; false when it is no longer ours (lapsed and taken). */
  async renew(runId: string, position: number, instanceId: string, until: number): Promise<boolean> {
    const result = await this.db.kysely
      .updateTable("eval_items")
      .set({ lease_until: until })
      .where("run_id", "=", runId)
      .where("position", "=", position)
      .where("status", "=", "claimed")
      .where("claimed_by", "=", instanceId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Records an item's outcome, only while this instance still holds it (a result that arrives after its lease
   * lapsed and another instance took the item is dropped: the item is written once). `costUsd` is what the item
   * cost in all (its judge calls included), `call` what its own call cost as the gateway reported it (the judge
   * calls settled on their own, settleCall); `call` absent: the whole cost was the call's.
   */
  async finish(
    runId: string,
    position: number,
    instanceId: string,
    outcome: { status: "done" | "failed"; result?: unknown; checks?: unknown; error?: unknown; costUsd: number | null; call?: Settlement; attempts: number; at?: Date },
  ): Promise<boolean> {
    const call = outcome.call ?? (outcome.costUsd === null ? null : { costUsd: outcome.costUsd });
    return this.settle(runId, position, instanceId, outcome.costUsd ?? 0, call, {
      status: outcome.status,
      result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
      error: outcome.error === undefined ? null : JSON.stringify(outcome.error),
      checks: outcome.checks === undefined ? null : JSON.stringify(outcome.checks),
      passed: itemPassed(outcome.status, outcome.result, outcome.checks),
      attempts: outcome.attempts,
      lease_until: null,
      ended_at: (outcome.at ?? new Date()).toISOString(),
    });
  }

  /**
   * Gives an item back to be tried again from `notBefore` (a Retry-After, a backoff), counting the attempt and its
   * cost; `costUsd` null: the attempt's cost is unknown (a stream cut without usage) and its reserve stays counted.
   */
  async retryLater(runId: string, position: number, instanceId: string, notBefore: number, attempts: number, costUsd: number | null): Promise<boolean> {
    return this.settle(runId, position, instanceId, costUsd ?? 0, costUsd === null ? null : { costUsd }, { status: "pending", claimed_by: null, lease_until: null, not_before: notBefore, attempts });
  }

  /**
   * Writes `changes` to an item this instance holds, adds `costUsd` to the item and settles its claim's reserve
   * on the ledger at what the call cost, moving that from the run's reserves to its spending, in one transaction:
   * a claim never sees the item out of flight without its cost counted. `call` null: nobody learned what the call
   * cost (a stream cut without its usage): the entry is marked unknown and its reserve counts, as the item's and the
   * run's spending (never $0: the gateway may have charged it). A call that cost more than its reserve is
   * recorded and stops the run ("over_reserve"). The run's row is written first, as cancel and the cap's stop do
   * (run, then items), so two of them never wait on each other; when the item is no longer ours the transaction
   * rolls back and nothing is counted.
   */
  private async settle(
    runId: string,
    position: number,
    instanceId: string,
    costUsd: number,
    call: Settlement | null,
    changes: { status: "done" | "failed" | "pending"; attempts: number; lease_until: null } & Partial<Record<"result" | "error" | "checks" | "ended_at" | "claimed_by", string | null>> & { not_before?: number; passed?: number },
  ): Promise<boolean> {
    try {
      await this.db.kysely.transaction().execute(async (trx) => {
        const held = await heldItem(trx, runId, position, instanceId);
        if (!held) throw new NotHolder();
        const reserve = Number(held.reserve_usd ?? 0);
        const callCost = call === null ? reserve : Math.max(0, call.costUsd);
        // The item's judge calls were added to the run's spending as they settled; its own call is added here.
        const judgeCost = call === null ? Math.max(0, costUsd) : Math.max(0, costUsd - callCost);
        await trx
          .updateTable("eval_runs")
          .set({ spent_usd: sql<number>`spent_usd + ${callCost}`, reserved_usd: sql<number>`reserved_usd - ${reserve}` })
          .where("id", "=", runId)
          .execute();
        if (held.ledger_entry !== null) {
          if (call === null) await this.ledger.markUnknown(held.ledger_entry, trx);
          else await this.ledger.settleWithin(trx, held.ledger_entry, { ...call, costUsd: callCost });
        }
        const result = await trx
          .updateTable("eval_items")
          // Earlier attempts' charges (a stream cut after tokens were billed) stay counted.
          .set({ ...changes, cost_usd: sql<number>`coalesce(cost_usd, 0) + ${callCost + judgeCost}`, reserve_usd: null, ledger_entry: null })
          .where("run_id", "=", runId)
          .where("position", "=", position)
          .where("status", "=", "claimed")
          .where("claimed_by", "=", instanceId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new NotHolder();
        if (held.ledger_entry !== null && call !== null && callCost > reserve + EPSILON) await this.stopOn(trx, runId, STOP_REASONS.overReserve, Date.now());
      });
      return true;
    } catch (error) {
      if (error instanceof NotHolder) return false;
      throw error;
    }
  }

  /**
   * Hands back an item this instance holds: "pending" when shutting down (another instance or the next start
   * takes it), "cancelled" when its run was cancelled or stopped while it ran. Its call was cut short, so what it
   * cost is unknown: the claim's reserve stays counted, as the item's and the run's spending.
   */
  async release(runId: string, position: number, instanceId: string, to: "pending" | "cancelled" = "pending"): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      const held = await heldItem(trx, runId, position, instanceId);
      if (!held) return;
      const reserve = Number(held.reserve_usd ?? 0);
      if (held.ledger_entry !== null) {
        await trx
          .updateTable("eval_runs")
          .set({ spent_usd: sql<number>`spent_usd + ${reserve}`, reserved_usd: sql<number>`reserved_usd - ${reserve}` })
          .where("id", "=", runId)
          .execute();
        await this.ledger.markUnknown(held.ledger_entry, trx);
      }
      await trx
        .updateTable("eval_items")
        .set({ status: to, claimed_by: null, lease_until: null, reserve_usd: null, ledger_entry: null, ...(held.ledger_entry !== null ? { cost_usd: sql<number>`coalesce(cost_usd, 0) + ${reserve}` } : {}) })
        .where("run_id", "=", runId)
        .where("position", "=", position)
        .where("status", "=", "claimed")
        .where("claimed_by", "=", instanceId)
        .execute();
    });
  }

  /** Cancels a running run: items not started are marked cancelled; runners stop those in flight. */
  async cancel(runId: string, at = new Date()): Promise<boolean> {
    return this.endRunning(runId, "cancelled", "cancelled", at);
  }

  /**
   * Stops a running run that cannot go on (its stored plan is not one this server can run): `reason` is what its
   * page shows; items not started are cancelled, as a cancel does.
   */
  async stopWithError(runId: string, reason: string, at = new Date()): Promise<boolean> {
    return this.endRunning(runId, "stopped", reason, at);
  }

  /** Ends a running run under its lock (false when it is not running), its items not started cancelled. */
  private async endRunning(runId: string, status: "cancelled" | "stopped", reason: string, at: Date): Promise<boolean> {
    return this.db.serialize(`eval-run:${runId}`, async (on) => {
      const result = await on
        .updateTable("eval_runs")
        .set({ status, stop_reason: reason, ended_at: at.toISOString() })
        .where("id", "=", runId)
        .where("status", "=", "running")
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await on.updateTable("eval_items").set({ status: "cancelled" }).where("run_id", "=", runId).where("status", "=", "pending").execute();
      return true;
    });
  }

  /** Marks a run whose every item has ended finished; false while items remain. */
  async finishIfComplete(runId: string, at = new Date()): Promise<boolean> {
    return this.db.serialize(`eval-run:${runId}`, async (on) => {
      const open = await on
        .selectFrom("eval_items")
        .select("position")
        .where("run_id", "=", runId)
        .where("status", "in", ["pending", "claimed"])
        .limit(1)
        .executeTakeFirst();
      if (open) return false;
      const result = await on
        .updateTable("eval_runs")
        .set({ status: "finished", ended_at: at.toISOString() })
        .where("id", "=", runId)
        .where("status", "=", "running")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  /** Every item of a run for its results: position order, JSON columns parsed (a results read, not the runner's). */
  async resultItems(runId: string) {
    // Read a page at a time with a turn of the event loop between pages: SQLite's driver reads synchronously, and a
    // run of 120,000 items read and parsed in one go held every other request for seconds (issue 36).
    const rows: Awaited<ReturnType<typeof this.resultItemPage>> = [];
    for (let after = -1; ; ) {
      const page = await this.resultItemPage(runId, after);
      rows.push(...page);
      if (page.length < RESULT_ITEMS_PAGE) break;
      after = page[page.length - 1].position;
      await yieldToLoop();
    }
    return rows;
  }

  private async resultItemPage(runId: string, after: number) {
    const rows = await this.db.kysely
      .selectFrom("eval_items")
      .select(["position", "version_index", "question_index", "repeat_index", "status", "result", "error", "checks", "cost_usd"])
      .where("run_id", "=", runId)
      .where("position", ">", after)
      .orderBy("position")
      .limit(RESULT_ITEMS_PAGE)
      .execute();
    return rows.map((row) => ({
      position: row.position,
      version_index: row.version_index,
      question_index: row.question_index,
      repeat_index: row.repeat_index,
      status: row.status,
      cost_usd: row.cost_usd === null ? null : Number(row.cost_usd),
      result: row.result === null ? null : (JSON.parse(row.result) as unknown),
      error: row.error === null ? null : (JSON.parse(row.error) as unknown),
      checks: row.checks === null ? null : (JSON.parse(row.checks) as unknown),
    }));
  }

  /**
   * What changes whenever a run's results change: items that ended and the newest of them (a re-score is a scoring of
   * its own, keyed apart: evaluation-results.ts). A results cache keyed on it never serves stale figures.
   */
  async resultsRevision(runId: string): Promise<string> {
    const items = await this.db.kysely
      .selectFrom("eval_items")
      .select((eb) => [eb.fn.countAll<number>().as("ended"), eb.fn.max("ended_at").as("last")])
      .where("run_id", "=", runId)
      .where("status", "in", ["done", "failed"])
      .executeTakeFirstOrThrow();
    return `${Number(items.ended)}:${items.last ?? ""}`;
  }

  /** Each item's version by position (the run page puts the ledger's per-item figures on their versions). */
  async versionsByPosition(runId: string): Promise<Map<number, number>> {
    const rows = await this.db.kysely.selectFrom("eval_items").select(["position", "version_index"]).where("run_id", "=", runId).execute();
    return new Map(rows.map((row) => [row.position, row.version_index]));
  }

  /**
   * Items that passed and items that ended, per run and version, for several runs in one grouped query over the
   * (run, version, passed) index (the runs list's pass rate per version); ended counts done and failed items.
   */
  async passCounts(runIds: readonly string[]): Promise<{ run_id: string; version_index: number; passed: number; ended: number }[]> {
    if (runIds.length === 0) return [];
    const rows = await this.db.kysely
      .selectFrom("eval_items")
      .select((eb) => [
        "run_id",
        "version_index",
        eb.fn.coalesce(eb.fn.sum<number>("passed"), sql<number>`0`).as("passed"),
        eb.fn.countAll<number>().as("ended"),
      ])
      .where("run_id", "in", [...runIds])
      .where("passed", "is not", null)
      .groupBy(["run_id", "version_index"])
      .execute();
    return rows.map((row) => ({ run_id: row.run_id, version_index: row.version_index, passed: Number(row.passed), ended: Number(row.ended) }));
  }

  /**
   * Counts by status and spending of several runs in one grouped query (the runs list shows each run's progress).
   * Grouped by version too, so the query reads the (run, version, status, cost) index alone; a run's rows per
   * status are summed by the caller.
   */
  async totals(runIds: readonly string[]): Promise<(Omit<ItemProgress, "version_index"> & { run_id: string })[]> {
    if (runIds.length === 0) return [];
    const rows = await this.db.kysely
      .selectFrom("eval_items")
      .select((eb) => ["run_id", "status", eb.fn.countAll<number>().as("count"), eb.fn.coalesce(eb.fn.sum<number>("cost_usd"), sql<number>`0`).as("cost_usd")])
      .where("run_id", "in", [...runIds])
      .groupBy(["run_id", "version_index", "status"])
      .execute();
    return rows.map((row) => ({ run_id: row.run_id, status: row.status, count: Number(row.count), cost_usd: Number(row.cost_usd) }));
  }

  /** Counts and spending per version and status (the run page's progress): from the (run, version, status, cost) index alone. */
  async progress(runId: string): Promise<ItemProgress[]> {
    const rows = await this.db.kysely
      .selectFrom("eval_items")
      .select((eb) => [
        "version_index",
        "status",
        eb.fn.countAll<number>().as("count"),
        eb.fn.coalesce(eb.fn.sum<number>("cost_usd"), sql<number>`0`).as("cost_usd"),
      ])
      .where("run_id", "=", runId)
      .groupBy(["version_index", "status"])
      .orderBy("version_index")
      .execute();
    return rows.map((row) => ({ version_index: row.version_index, status: row.status, count: Number(row.count), cost_usd: Number(row.cost_usd) }));
  }

  /**
   * The run's last `limit` failed items in run order, last first, with their stored error: read backwards along
   * the (run, status, position) index, so the cost is the limit's whatever the run's size. Items are claimed in
   * position order, so these are the latest failures (give or take the items in flight beside them).
   */
  async recentErrors(runId: string, limit: number) {
    const rows = await this.db.kysely
      .selectFrom("eval_items")
      .select(["position", "version_index", "question_index", "repeat_index", "error", "ended_at"])
      .where("run_id", "=", runId)
      .where("status", "=", "failed")
      .orderBy("position", "desc")
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, error: row.error === null ? null : (JSON.parse(row.error) as unknown) }));
  }

  /** A page of a run's items in position order, results parsed. */
  async items(runId: string, options: { offset?: number; limit?: number } = {}) {
    const rows = await this.db.kysely
      .selectFrom("eval_items")
      .selectAll()
      .where("run_id", "=", runId)
      .orderBy("position")
      .offset(options.offset ?? 0)
      .limit(Math.min(options.limit ?? 500, 5_000))
      .execute();
    return rows.map((row) => ({
      ...row,
      lease_until: row.lease_until === null ? null : Number(row.lease_until),
      not_before: row.not_before === null ? null : Number(row.not_before),
      result: row.result === null ? null : (JSON.parse(row.result) as unknown),
      error: row.error === null ? null : (JSON.parse(row.error) as unknown),
      checks: row.checks === null ? null : (JSON.parse(row.checks) as unknown),
    }));
  }

  /**
   * Writes a run that has already ended, with every item's outcome, in one transaction of multi-row INSERTs
   * (positions follow `items`' order). For what never goes through the runner: a bench's or a demo's finished
   * run of tens of thousands of items, written in seconds where one `finish` per item would take minutes.
   */
  /** Renames a run; false when there is no such run. */
  async rename(id: string, name: string): Promise<boolean> {
    const result = await this.db.kysely.updateTable("eval_runs").set({ name }).where("id", "=", id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async createEnded(run: NewEndedEvaluationRun): Promise<void> {
    const created = (run.at ?? new Date()).toISOString();
    const ended = (run.endedAt ?? new Date()).toISOString();
    await this.db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto("eval_runs").values(endedRunRow(run, created, ended)).execute();
      for (let start = 0; start < run.items.length; start += ENDED_INSERT_CHUNK) {
        const rows = run.items.slice(start, start + ENDED_INSERT_CHUNK).map((item, offset) => endedItemRow(run.id, start + offset, item, ended));
        await trx.insertInto("eval_items").values(rows).execute();
      }
    });
  }
}

const jsonOrNull = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** The eval_runs row of a run written whole (createEnded). */
function endedRunRow(run: NewEndedEvaluationRun, created: string, ended: string) {
  const { id, userId: user_id, setId: set_id, setVersion: set_version, capUsd: cap_usd, itemReserveUsd: item_reserve_usd, status } = run;
  // The running spend a claim and the daily ledger read: the sum of the items' costs, as `settle` keeps it.
  const spent_usd = run.items.reduce((sum, item) => sum + (item.costUsd ?? 0), 0);
  return { id, user_id, set_id, set_version, cap_usd, item_reserve_usd, status, spent_usd, plan: JSON.stringify(run.plan), stop_reason: run.stopReason ?? null, created_at: created, ended_at: ended };
}

/** An eval_items row with its outcome; a cancelled item never ran, so it has no attempt and no times. */
function endedItemRow(runId: string, position: number, item: EndedEvaluationItem, ended: string) {
  const { version_index, question_index, repeat_index, status } = item;
  const ran = status !== "cancelled";
  const [started_at, ended_at] = ran ? [item.startedAt?.toISOString() ?? ended, item.endedAt?.toISOString() ?? ended] : [null, null];
  const passed = status === "done" || status === "failed" ? itemPassed(status, item.result, item.checks) : null;
  return { run_id: runId, position, version_index, question_index, repeat_index, status, attempts: item.attempts ?? (ran ? 1 : 0), cost_usd: item.costUsd, result: jsonOrNull(item.result), error: jsonOrNull(item.error), checks: jsonOrNull(item.checks), started_at, ended_at, passed };
}

/** 1 when every check passed (none: passes); 0 otherwise. */
function checksPassed(checks: unknown): number {
  return checks === undefined || checks === null || (Array.isArray(checks) && checks.every((check) => (check as { passed?: unknown } | null)?.passed === true)) ? 1 : 0;
}

/**
 * An ended item's pass flag, as the results count a pass (lib/evaluations/aggregate.ts): done, with an answer, and every
 * check passed. Kept on the item so the runs list counts passes from an index (migration 14).
 */
function itemPassed(status: "done" | "failed", result: unknown, checks: unknown): number {
  return status === "done" && result !== undefined && result !== null ? checksPassed(checks) : 0;
}

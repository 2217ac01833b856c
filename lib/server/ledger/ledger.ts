import { randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";
import { SERIALIZE_LOCK_SPACE, type AppDb, type LockConnection } from "../db/app-db";
import type { LedgerEntriesTable, LedgerEntryState } from "../db/app-tables";
import { refusalOf, type BudgetFigures } from "./refusal";
import { bumpRollups, dropEmptyRollups, NO_DELTA, periodStart, rollupKey, type RollupChange, type RollupDelta } from "./rollups";
import { dayStart, hourOf, monthStart, nextDayStart, nextMonthStart } from "./windows";

/** What spent the money: one value per feature that calls the gateway for a person. */
export type LedgerFeature = "playground" | "preset-try" | "evaluation-item" | "evaluation-judge" | "video" | "cli";

/** A person's limits, USD per UTC day and calendar month, and the settings they default to (for messages). */
export interface BudgetLimits {
  dayUsd: number;
  monthUsd: number;
}

export interface BudgetDefaults extends BudgetLimits {
  daySetting: string;
  monthSetting: string;
}

export interface ReserveRequest {
  userId: string;
  feature: LedgerFeature;
  model: string;
  preset?: { slug: string; version: number } | null;
  /**
   * What the call belongs to, for the link back: a playground run, an evaluation item, a video generation. `group`:
   * what the subject belongs to in turn (an evaluation item's run), so `countedByGroup` reads them all at once.
   */
  subject: { kind: string; id: string; group?: string };
  /** The upper bound of what the call can cost (call-reserve.ts), USD. */
  reserveUsd: number;
  /** Names the amount in a refusal's message: "This answer's reserve", "This item's reserve". */
  what?: string;
  at?: number;
}

/** A reserve made: what settle, release and markUnknown need. */
export interface LedgerEntryRef {
  id: string;
  userId: string;
  reservedUsd: number;
}

/** What the gateway reported for a call: its cost (USD) and, where known, its generation and usage. */
export interface Settlement {
  costUsd: number;
  generationId?: string | null;
  inputTokens?: number | null;
  outputTokens?: number | null;
  webSearches?: number | null;
  at?: number;
}

/** The per-person lock the ledger holds from its budget check to its insert; always the last lock taken. */
function ledgerLock(userId: string): string {
  return `ledger:${userId}`;
}

/** What one subject's entries of one feature count (Ledger.countedByGroup), USD. */
export interface SubjectCount {
  subjectId: string;
  feature: string;
  /** Costs the gateway reported (or its generation record gave). */
  settledUsd: number;
  /** Reserves kept by calls whose cost nobody learned (a stream cut without usage, a lapsed claim). */
  unknownUsd: number;
  /** Reserves of calls still in flight. */
  openUsd: number;
}


/**
 * The one ledger of what gateway calls cost (convention 23). Every call that can cost money reserves an upper bound
 * here before it is made (`reserve`, or `reserveWithin` inside a caller's transaction) and settles what the gateway
 * reported after it (`settle`); each is one transaction that writes the entry and its hourly rollup. A reserve
 * checks the person's day and month budgets (spent + reserves in flight + this one) under the person's lock, so
 * two instances racing one budget never pass it. Budgets and every "spent" figure read this ledger.
 */
export class Ledger {
  constructor(
    private readonly db: AppDb,
    private readonly defaults: () => BudgetDefaults,
  ) {}

  /** Reserves in a transaction of its own; throws SpendRefusal (402/429) past the person's budget. */
  async reserve(request: ReserveRequest): Promise<LedgerEntryRef> {
    return this.db.kysely.transaction().execute((trx) => this.reserveWithin(trx, request));
  }

  /**
   * Reserves inside a transaction the caller holds (an evaluation claim under its run's lock): takes the person's
   * lock on that connection, checks the budgets and writes the entry and its rollup. A refusal throws, and the
   * caller's transaction decides what else rolls back.
   */
  async reserveWithin(on: LockConnection, request: ReserveRequest): Promise<LedgerEntryRef> {
    const at = request.at ?? Date.now();
    const reserveUsd = Math.max(0, request.reserveUsd);
    const figures = await this.lockedFigures(on, request.userId, at);
    const defaults = this.defaults();
    const refusal = refusalOf(figures, reserveUsd, at, request.what ?? "This call's reserve", { day: defaults.daySetting, month: defaults.monthSetting });
    if (refusal) throw refusal;
    const id = randomUUID();
    const key = rollupKey(request.userId, hourOf(at), request.feature, request.model, request.preset ?? null);
    if (this.db.dialect === "postgres") {
      await sql`SELECT ledger_add_reserve(${id}, ${key.user_id}, ${at}, ${key.hour_ms}, ${periodStart("day", at)}, ${periodStart("month", at)}, ${key.feature}, ${key.model},
        ${key.preset}, ${key.preset_version}, ${request.subject.kind}, ${request.subject.id}, ${request.subject.group ?? null}, ${reserveUsd})`.execute(on);
      return { id, userId: request.userId, reservedUsd: reserveUsd };
    }
    await on
      .insertInto("ledger_entries")
      .values({
        id,
        ...key,
        created_ms: at,
        subject_kind: request.subject.kind,
        subject_id: request.subject.id,
        subject_group: request.subject.group ?? null,
        generation_id: null,
        input_tokens: null,
        output_tokens: null,
        web_searches: null,
        reserved_usd: reserveUsd,
        settled_usd: null,
        state: "reserved",
        settled_ms: null,
      })
      .execute();
    await bumpRollups(on, [{ key, delta: { ...NO_DELTA, calls: 1, counted: reserveUsd, open: reserveUsd } }], this.db.dialect);
    return { id, userId: request.userId, reservedUsd: reserveUsd };
  }

  /**
   * A call made before the ledger existed, at the cost it is known to have had (the history's backfill): a settled
   * entry and its rollup on the caller's connection, no budget check (the money is long spent).
   */
  async recordSettledWithin(on: LockConnection, record: Omit<ReserveRequest, "reserveUsd" | "what" | "at"> & { at: number; costUsd: number }): Promise<string> {
    const id = randomUUID();
    const cost = Math.max(0, record.costUsd);
    const key = rollupKey(record.userId, hourOf(record.at), record.feature, record.model, record.preset ?? null);
    await on
      .insertInto("ledger_entries")
      .values({
        id,
        ...key,
        created_ms: record.at,
        subject_kind: record.subject.kind,
        subject_id: record.subject.id,
        generation_id: null,
        input_tokens: null,
        output_tokens: null,
        web_searches: null,
        reserved_usd: cost,
        settled_usd: cost,
        state: "settled",
        settled_ms: record.at,
      })
      .execute();
    await bumpRollups(on, [{ key, delta: { ...NO_DELTA, calls: 1, counted: cost, settled: cost } }], this.db.dialect);
    return id;
  }

  /** Records what the call cost: the entry and its rollup in one transaction. False when the entry is already settled or released. */
  async settle(entryId: string, settlement: Settlement): Promise<boolean> {
    // On PostgreSQL the settle is one statement (ledger_settle), atomic by itself: no BEGIN and COMMIT round trips.
    if (this.db.dialect === "postgres") return this.settleWithin(this.db.kysely, entryId, settlement);
    return this.db.kysely.transaction().execute((trx) => this.settleWithin(trx, entryId, settlement));
  }

  /**
   * Settles inside the caller's transaction. A reserved or unknown entry takes the reported cost (an unknown one
   * learns it late, from the generation record); the rollup moves from the reserve to the cost.
   */
  async settleWithin(on: LockConnection, entryId: string, settlement: Settlement): Promise<boolean> {
    const cost = Math.max(0, settlement.costUsd);
    if (this.db.dialect === "postgres") {
      // The same transition and rollup change as below, as one call (ledger_settle, migration 16).
      const { rows } = await sql<{ settled: boolean }>`SELECT ledger_settle(${entryId}, ${cost}, ${settlement.at ?? Date.now()}, ${settlement.generationId ?? null},
        ${settlement.inputTokens ?? null}, ${settlement.outputTokens ?? null}, ${settlement.webSearches ?? null}) AS settled`.execute(on);
      return rows[0]?.settled === true;
    }
    return this.transition(on, entryId, ["reserved", "unknown"], "settled", (entry) => ({
      changes: {
        settled_usd: cost,
        settled_ms: settlement.at ?? Date.now(),
        generation_id: settlement.generationId ?? entry.generation_id,
        input_tokens: settlement.inputTokens ?? null,
        output_tokens: settlement.outputTokens ?? null,
        web_searches: settlement.webSearches ?? null,
      },
      delta: {
        ...NO_DELTA,
        counted: cost - entry.reserved_usd,
        settled: cost,
        open: entry.state === "reserved" ? -entry.reserved_usd : 0,
        inputTokens: settlement.inputTokens ?? 0,
        outputTokens: settlement.outputTokens ?? 0,
        webSearches: settlement.webSearches ?? 0,
      },
    }));
  }

  /** Nobody learned what the call cost (a cut stream without usage, a lost answer): it keeps counting its reserve. */
  async markUnknown(entryId: string, on: LockConnection = this.db.kysely): Promise<boolean> {
    const run = (trx: LockConnection) =>
      this.transition(trx, entryId, ["reserved"], "unknown", (entry) => ({ changes: {}, delta: { ...NO_DELTA, open: -entry.reserved_usd } }));
    return on.isTransaction ? run(on) : on.transaction().execute(run);
  }

  /** The call was never made (refused before it left, a claim given back): the reserve no longer counts. */
  async release(entryId: string, on: LockConnection = this.db.kysely): Promise<boolean> {
    const run = (trx: LockConnection) =>
      this.transition(trx, entryId, ["reserved"], "released", (entry) => ({
        changes: {},
        delta: { ...NO_DELTA, calls: -1, counted: -entry.reserved_usd, open: -entry.reserved_usd },
      }));
    return on.isTransaction ? run(on) : on.transaction().execute(run);
  }

  private async transition(
    on: LockConnection,
    entryId: string,
    from: LedgerEntryState[],
    to: LedgerEntryState,
    plan: (entry: { reserved_usd: number; state: LedgerEntryState; generation_id: string | null }) => {
      changes: Partial<{ settled_usd: number; settled_ms: number; generation_id: string | null; input_tokens: number | null; output_tokens: number | null; web_searches: number | null }>;
      delta: RollupDelta;
    },
  ): Promise<boolean> {
    const entry = await on.selectFrom("ledger_entries").selectAll().where("id", "=", entryId).executeTakeFirst();
    if (!entry || !from.includes(entry.state)) return false;
    const reserved = Number(entry.reserved_usd);
    const { changes, delta } = plan({ reserved_usd: reserved, state: entry.state, generation_id: entry.generation_id });
    // Guarded on the state read, so two settles of one entry (a retry, two instances) count it once.
    const updated = await on
      .updateTable("ledger_entries")
      .set({ ...changes, state: to })
      .where("id", "=", entryId)
      .where("state", "=", entry.state)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    const key = rollupKey(entry.user_id, Number(entry.hour_ms), entry.feature, entry.model, entry.preset === "" ? null : { slug: entry.preset, version: entry.preset_version });
    await bumpRollups(on, [{ key, delta }], this.db.dialect);
    return true;
  }

  /**
   * Retention: removes up to `limit` settled or released entries created before `beforeMs`, oldest first, and takes
   * what each counted out of its rollup row (a row left with no call is removed), in one transaction. Reserved and
   * unknown entries stay: they may still settle. The DELETE … RETURNING names exactly the rows this call removed, so
   * two instances pruning at once never take one entry out of the rollups twice. Returns how many it removed.
   */
  async prune(beforeMs: number, limit: number): Promise<number> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const oldest = trx
        .selectFrom("ledger_entries")
        .select("id")
        .where("created_ms", "<", beforeMs)
        .where("state", "in", ["settled", "released"])
        .orderBy("created_ms")
        .limit(limit);
      const removed = await trx
        .deleteFrom("ledger_entries")
        .where("id", "in", oldest)
        .where("state", "in", ["settled", "released"])
        .returningAll()
        .execute();
      const deltas = new Map<string, RollupChange>();
      for (const entry of removed) {
        const key = rollupKey(entry.user_id, Number(entry.hour_ms), entry.feature, entry.model, entry.preset === "" ? null : { slug: entry.preset, version: entry.preset_version });
        const name = JSON.stringify(key);
        const sum = deltas.get(name) ?? { key, delta: { ...NO_DELTA } };
        // What the entry added to its row (released: nothing; settled: one call at its cost and usage).
        if (entry.state === "settled") {
          sum.delta.calls -= 1;
          sum.delta.counted -= Number(entry.settled_usd ?? 0);
          sum.delta.settled -= Number(entry.settled_usd ?? 0);
          sum.delta.inputTokens -= Number(entry.input_tokens ?? 0);
          sum.delta.outputTokens -= Number(entry.output_tokens ?? 0);
          sum.delta.webSearches -= Number(entry.web_searches ?? 0);
        }
        deltas.set(name, sum);
      }
      // Rows whose calls all went keep nothing worth a row: only released entries (which count nothing) and rounding.
      const changes = [...deltas.values()].filter((change) => change.delta.calls !== 0);
      await bumpRollups(trx, changes, this.db.dialect);
      await dropEmptyRollups(trx, changes);
      return removed.length;
    });
  }

  /** The person's limits: an admin's, else the settings' defaults. */
  async limitsOf(userId: string, on: LockConnection = this.db.kysely): Promise<BudgetLimits> {
    const row = await on.selectFrom("user_budgets").select(["day_usd", "month_usd"]).where("user_id", "=", userId).executeTakeFirst();
    const defaults = this.defaults();
    return { dayUsd: row?.day_usd ?? defaults.dayUsd, monthUsd: row?.month_usd ?? defaults.monthUsd };
  }

  /** An admin sets a person's limits; null puts one back to the default. */
  async setLimits(userId: string, limits: { dayUsd: number | null; monthUsd: number | null }, at = new Date()): Promise<void> {
    const row = { user_id: userId, day_usd: limits.dayUsd, month_usd: limits.monthUsd, updated_at: at.toISOString() };
    await this.db.kysely
      .insertInto("user_budgets")
      .values(row)
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ day_usd: row.day_usd, month_usd: row.month_usd, updated_at: row.updated_at }))
      .execute();
  }

  /** What the person has spent (reserves in flight counted) today and this month, their limits and when each resets. */
  async budget(userId: string, now = Date.now()): Promise<BudgetFigures> {
    return this.figuresOn(this.db.kysely, userId, now);
  }

  /** Refuses `amountUsd` more when it would not fit the person's budget now (a check before a plan starts; nothing is reserved). */
  async check(userId: string, amountUsd: number, what: string, now = Date.now()): Promise<BudgetFigures> {
    const figures = await this.budget(userId, now);
    const defaults = this.defaults();
    const refusal = refusalOf(figures, amountUsd, now, what, { day: defaults.daySetting, month: defaults.monthSetting });
    if (refusal) throw refusal;
    return figures;
  }

  /** What the person's calls count since `since` (epoch ms, rounded down to its hour): reserves in flight, then costs. */
  async spentSince(userId: string, since: number): Promise<number> {
    const row = await this.db.kysely
      .selectFrom("ledger_hourly")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("counted_usd"), sql<number>`0`).as("usd"))
      .where("user_id", "=", userId)
      .where("hour_ms", ">=", hourOf(since))
      .executeTakeFirstOrThrow();
    return Number(row.usd);
  }

  /** The entries of one subject (a run's item, a generation), oldest first. */
  async entriesOf(subject: { kind: string; id: string }) {
    const rows = await this.db.kysely
      .selectFrom("ledger_entries")
      .selectAll()
      .where("subject_kind", "=", subject.kind)
      .where("subject_id", "=", subject.id)
      .orderBy("created_ms")
      .execute();
    return rows.map(entryOf);
  }

  /**
   * What each subject of a group counts (an evaluation run's items), per feature: settled costs, the reserves kept by
   * calls whose cost nobody learned (unknown), and the reserves of calls still in flight. One indexed lookup.
   */
  async countedByGroup(subject: { kind: string; group: string }): Promise<SubjectCount[]> {
    const sumWhen = (state: LedgerEntryState, column: "settled_usd" | "reserved_usd") =>
      sql<number>`coalesce(sum(case when state = ${state} then ${sql.ref(column)} else 0 end), 0)`;
    const rows = await this.db.kysely
      .selectFrom("ledger_entries")
      .select(["subject_id", "feature", sumWhen("settled", "settled_usd").as("settled"), sumWhen("unknown", "reserved_usd").as("unknown"), sumWhen("reserved", "reserved_usd").as("open")])
      .where("subject_kind", "=", subject.kind)
      .where("subject_group", "=", subject.group)
      .groupBy(["subject_id", "feature"])
      .execute();
    return rows.map((row) => ({ subjectId: row.subject_id, feature: row.feature, settledUsd: Number(row.settled), unknownUsd: Number(row.unknown), openUsd: Number(row.open) }));
  }

  /**
   * The person's figures after taking their lock (the lock first: what a racing reserve committed meanwhile is then
   * counted). On PostgreSQL one call (ledger_lock_figures), on SQLite the lock's statement and then the read.
   */
  private async lockedFigures(on: LockConnection, userId: string, now: number): Promise<BudgetFigures> {
    if (this.db.dialect !== "postgres") {
      await this.db.lockWithin(on, ledgerLock(userId));
      return this.figuresOn(on, userId, now);
    }
    const { rows } = await sql<FiguresRow>`SELECT * FROM ledger_lock_figures(${SERIALIZE_LOCK_SPACE}, ${ledgerLock(userId)}, ${userId}, ${monthStart(now)}, ${dayStart(now)})`.execute(on);
    return this.figuresOf(rows[0]!, now);
  }

  private async figuresOn(on: LockConnection, userId: string, now: number): Promise<BudgetFigures> {
    // One statement: the person's limits, this UTC month's rows and today's, a few dozen rows however much they spent.
    const sumOf = (table: "ledger_monthly" | "ledger_daily", time: "month_ms" | "day_ms", start: number) =>
      sql<number | string | null>`(SELECT SUM(counted_usd) FROM ${sql.table(table)} WHERE user_id = ${userId} AND ${sql.ref(time)} = ${start})`;
    const { rows } = await sql<FiguresRow>`
      SELECT
        (SELECT day_usd FROM user_budgets WHERE user_id = ${userId}) AS day_usd,
        (SELECT month_usd FROM user_budgets WHERE user_id = ${userId}) AS month_usd,
        ${sumOf("ledger_monthly", "month_ms", monthStart(now))} AS month_spent,
        ${sumOf("ledger_daily", "day_ms", dayStart(now))} AS day_spent`.execute(on);
    return this.figuresOf(rows[0]!, now);
  }

  private figuresOf(row: FiguresRow, now: number): BudgetFigures {
    const defaults = this.defaults();
    return {
      day: { limitUsd: row.day_usd ?? defaults.dayUsd, spentUsd: Math.max(0, Number(row.day_spent ?? 0)), resetsAt: nextDayStart(now) },
      month: { limitUsd: row.month_usd ?? defaults.monthUsd, spentUsd: Math.max(0, Number(row.month_spent ?? 0)), resetsAt: nextMonthStart(now) },
    };
  }


}

/** A person's limits (NULL: the default) and what their rows count this month and today. */
interface FiguresRow {
  day_usd: number | null;
  month_usd: number | null;
  month_spent: number | string | null;
  day_spent: number | string | null;
}

/** An entry as the ledger's readers see it (BIGINT columns as numbers). */
function entryOf(row: Selectable<LedgerEntriesTable>) {
  return {
    ...row,
    created_ms: Number(row.created_ms),
    hour_ms: Number(row.hour_ms),
    settled_ms: row.settled_ms === null ? null : Number(row.settled_ms),
    reserved_usd: Number(row.reserved_usd),
    settled_usd: row.settled_usd === null ? null : Number(row.settled_usd),
  };
}

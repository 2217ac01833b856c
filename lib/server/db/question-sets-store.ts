import { randomUUID } from "node:crypto";
import type { AppDb, LockConnection } from "./app-db";
import { parseJsonArrayInTurns } from "@/lib/streams/json-in-turns";

export interface QuestionSetSummary {
  id: string;
  name: string;
  latest: number;
  row_count: number;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface QuestionSetVersion<Row = unknown> {
  set_id: string;
  name: string;
  version: number;
  rows: Row[];
  note: string;
  created_by: string;
  created_at: string;
}

/** Lets timers and I/O run (other users' requests) before going on: a macrotask, not a microtask. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Characters of JSON in one stored piece of a version's rows: a millisecond or two to write or parse. A version may
 * hold 10,000 rows (16-20 MB), which written as one value held SQLite's synchronous writer, and so every other user,
 * for 230-435 ms (issue 36).
 */
const PIECE_CHARS = 256 * 1024;

/**
 * The rows cut into pieces, each the JSON array text of consecutive rows (as JSON.stringify writes them) about
 * PIECE_CHARS long, the loop given a turn before each piece is handed out. Cut by size, not by count: 500 of the
 * widest rows are 6 MB.
 */
async function* rowPieces(rows: readonly unknown[]): AsyncGenerator<string> {
  let parts: string[] = [];
  let chars = 0;
  for (const row of rows) {
    const json = JSON.stringify(row);
    parts.push(json);
    chars += json.length;
    if (chars >= PIECE_CHARS) {
      yield `[${parts.join(",")}]`;
      parts = [];
      chars = 0;
    }
  }
  // An empty version is one piece too ("[]"), so every published version names at least one.
  if (parts.length > 0 || rows.length === 0) yield `[${parts.join(",")}]`;
}

/** A save's pieces that no version names after this long are a cut save's leftovers (a save takes seconds). */
const ORPHAN_AFTER_MS = 60 * 60 * 1000;
/** Saves sweep leftovers at most this often per store. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

export class QuestionSetVersionConflictError extends Error {
  constructor(readonly latest: number) {
    super(`The question set changed meanwhile: its newest version is ${latest}.`);
    this.name = "QuestionSetVersionConflictError";
  }
}

/**
 * Question sets (migration 7). Every edit adds a version holding the whole row list, so a run can pin the
 * version it used and a later edit never changes what an old run asked. Rows are validated before they get
 * here (lib/evaluations' schema); this store keeps them as JSON text.
 *
 * A version's rows are stored in pieces (migration 14), written one statement at a time with turns between, under a
 * storage id that no reader follows until the version's row is published in one short transaction. Not one
 * transaction around the pieces: on SQLite (better-sqlite3, one connection) a transaction held across turns would
 * make every other write wait for it or join it. So a save cut between pieces (a crash, a conflict, a failure)
 * leaves no version, only pieces nobody names, which the save removes or a later save's sweep does.
 */
export class QuestionSetsStore {
  private lastSweepMs = 0;

  constructor(private readonly db: AppDb) {}

  async create(set: { id: string; name: string; rows: readonly unknown[]; userEmail: string; note?: string; at?: Date }): Promise<void> {
    const at = (set.at ?? new Date()).toISOString();
    const stored = await this.writePieces(set.rows, at);
    await this.publishing(stored.pieces, () =>
      this.db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto("question_sets")
          .values({ id: set.id, name: set.name, latest: 1, created_by: set.userEmail, created_at: at, updated_at: at })
          .execute();
        await trx
          .insertInto("question_set_versions")
          .values({ set_id: set.id, version: 1, ...stored, note: set.note ?? "", created_by: set.userEmail, created_at: at })
          .execute();
      }),
    );
  }

  /**
   * Saves a new version on top of `baseVersion`; refuses with QuestionSetVersionConflictError when someone
   * saved meanwhile (the editor shows the conflict instead of overwriting their rows). The rows are written before
   * the set's lock is taken, so the lock is held for the check and the publishing statements alone.
   */
  async addVersion(edit: {
    id: string;
    baseVersion: number;
    rows: readonly unknown[];
    name?: string;
    userEmail: string;
    note?: string;
    at?: Date;
  }): Promise<number> {
    const at = (edit.at ?? new Date()).toISOString();
    const stored = await this.writePieces(edit.rows, at);
    return this.publishing(stored.pieces, () =>
      this.db.serialize(`question-set:${edit.id}`, (on) =>
        // The version's row and the set's newest number land together (PostgreSQL: the lock's own transaction).
        inTransaction(on, async (trx) => {
          const current = await trx.selectFrom("question_sets").select(["latest", "name"]).where("id", "=", edit.id).executeTakeFirst();
          if (!current) throw new Error(`No question set ${edit.id}`);
          if (current.latest !== edit.baseVersion) throw new QuestionSetVersionConflictError(current.latest);
          const version = current.latest + 1;
          await trx
            .insertInto("question_set_versions")
            .values({ set_id: edit.id, version, ...stored, note: edit.note ?? "", created_by: edit.userEmail, created_at: at })
            .execute();
          await trx
            .updateTable("question_sets")
            .set({ latest: version, name: edit.name ?? current.name, updated_at: at })
            .where("id", "=", edit.id)
            .execute();
          return version;
        }),
      ),
    );
  }

  /**
   * Writes `rows` as pieces under a new storage id, a statement per piece with a turn between: what the version's
   * row then names. A failure part way removes what was written.
   */
  private async writePieces(rows: readonly unknown[], at: string): Promise<{ pieces: string; piece_count: number; rows: string; row_count: number }> {
    await this.sweepNowAndThen();
    const storageId = randomUUID();
    let piece = 0;
    try {
      for await (const text of rowPieces(rows)) {
        await this.db.kysely.insertInto("question_set_pieces").values({ storage_id: storageId, piece, created_at: at, rows: text }).execute();
        piece++;
        await yieldToLoop();
      }
    } catch (error) {
      await this.dropPieces(storageId).catch(() => undefined);
      throw error;
    }
    return { pieces: storageId, piece_count: piece, rows: "", row_count: rows.length };
  }

  /** Runs `publish`; when it fails (a conflict, a lost database), the pieces it would have named are removed. */
  private async publishing<T>(storageId: string, publish: () => Promise<T>): Promise<T> {
    try {
      return await publish();
    } catch (error) {
      await this.dropPieces(storageId).catch(() => undefined);
      throw error;
    }
  }

  /** Removes a storage id's pieces, a statement per piece with turns, the highest first. */
  private async dropPieces(storageId: string): Promise<void> {
    const pieces = await this.db.kysely.selectFrom("question_set_pieces").select("piece").where("storage_id", "=", storageId).orderBy("piece", "desc").execute();
    for (const { piece } of pieces) {
      await this.db.kysely.deleteFrom("question_set_pieces").where("storage_id", "=", storageId).where("piece", "=", piece).execute();
      await yieldToLoop();
    }
  }

  /**
   * Removes the pieces that no version names and that are older than `olderThan`: what saves cut by a crash left.
   * Younger ones may be a save still under way. Answers how many storage ids it removed.
   */
  async sweepOrphans(olderThan: Date = new Date(Date.now() - ORPHAN_AFTER_MS)): Promise<number> {
    const orphans = await this.db.kysely
      .selectFrom("question_set_pieces as p")
      .select("p.storage_id")
      .where("p.created_at", "<", olderThan.toISOString())
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom("question_set_versions as v").select("v.set_id").whereRef("v.pieces", "=", "p.storage_id"))))
      .groupBy("p.storage_id")
      .execute();
    for (const { storage_id } of orphans) await this.dropPieces(storage_id);
    return orphans.length;
  }

  private async sweepNowAndThen(): Promise<void> {
    if (Date.now() - this.lastSweepMs < SWEEP_EVERY_MS) return;
    this.lastSweepMs = Date.now();
    await this.sweepOrphans();
  }

  /** A published version's rows, a piece at a time with turns; undefined when a piece is missing (deleted meanwhile). */
  private async readPieces(storageId: string, count: number): Promise<unknown[] | undefined> {
    const rows: unknown[] = [];
    for (let piece = 0; piece < count; piece++) {
      const stored = await this.db.kysely
        .selectFrom("question_set_pieces")
        .select("rows")
        .where("storage_id", "=", storageId)
        .where("piece", "=", piece)
        .executeTakeFirst();
      if (!stored) return undefined;
      for (const row of JSON.parse(stored.rows) as unknown[]) rows.push(row);
      await yieldToLoop();
    }
    return rows;
  }

  async list(): Promise<QuestionSetSummary[]> {
    return this.db.kysely
      .selectFrom("question_sets as s")
      .innerJoin("question_set_versions as v", (join) => join.onRef("v.set_id", "=", "s.id").onRef("v.version", "=", "s.latest"))
      .select(["s.id", "s.name", "s.latest", "v.row_count", "s.created_by", "s.created_at", "s.updated_at"])
      .orderBy("s.updated_at", "desc")
      .execute();
  }

  /** Whether the set exists (without reading any version's rows). */
  async exists(id: string): Promise<boolean> {
    return (await this.db.kysely.selectFrom("question_sets").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
  }

  /** A version of a set without its rows (the newest when `version` is absent): what a page of rows is described by. */
  async describe(id: string, version?: number): Promise<(Omit<QuestionSetVersion, "rows"> & { latest: number; row_count: number }) | undefined> {
    return this.db.kysely
      .selectFrom("question_sets as s")
      .innerJoin("question_set_versions as v", "v.set_id", "s.id")
      .select(["s.id as set_id", "s.name", "s.latest", "v.version", "v.row_count", "v.note", "v.created_by", "v.created_at"])
      .where("s.id", "=", id)
      .where((eb) => (version === undefined ? eb("v.version", "=", eb.ref("s.latest")) : eb("v.version", "=", version)))
      .executeTakeFirst();
  }

  /** A version of a set (the newest when `version` is absent). */
  async get<Row = unknown>(id: string, version?: number): Promise<QuestionSetVersion<Row> | undefined> {
    const row = await this.db.kysely
      .selectFrom("question_sets as s")
      .innerJoin("question_set_versions as v", "v.set_id", "s.id")
      .select(["s.id as set_id", "s.name", "v.version", "v.rows", "v.pieces", "v.piece_count", "v.note", "v.created_by", "v.created_at"])
      .where("s.id", "=", id)
      .where((eb) => (version === undefined ? eb("v.version", "=", eb.ref("s.latest")) : eb("v.version", "=", version)))
      .executeTakeFirst();
    if (!row) return undefined;
    const { rows: legacyJson, pieces, piece_count, ...described } = row;
    // A version saved before migration 14 holds its rows as one JSON array: read a row at a time, with turns.
    const rows = pieces === null ? await parseJsonArrayInTurns(legacyJson) : await this.readPieces(pieces, piece_count ?? 0);
    return rows ? { ...described, rows: rows as Row[] } : undefined;
  }

  /** Rows `userEmail` has stored, every version of every set counted (the per-user quota, evaluation-sets.ts). */
  async rowsStoredBy(userEmail: string): Promise<number> {
    const row = await this.db.kysely
      .selectFrom("question_set_versions")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("row_count"), eb.lit(0)).as("rows"))
      .where("created_by", "=", userEmail)
      .executeTakeFirst();
    return Number(row?.rows ?? 0);
  }

  /**
   * Deletes a set with every version (admins only, checked by the route). Runs that used it keep their results. The
   * set and its versions go in one transaction; their pieces after it, a piece at a time (a sweep finishes the job
   * should this be cut).
   */
  async delete(id: string): Promise<boolean> {
    // Explicitly, not by ON DELETE CASCADE: the SQLite connection does not enforce foreign keys.
    const { deleted, storageIds } = await this.db.kysely.transaction().execute(async (trx) => {
      const versions = await trx.selectFrom("question_set_versions").select("pieces").where("set_id", "=", id).execute();
      await trx.deleteFrom("question_set_versions").where("set_id", "=", id).execute();
      const result = await trx.deleteFrom("question_sets").where("id", "=", id).executeTakeFirst();
      return { deleted: Number(result.numDeletedRows) === 1, storageIds: versions.flatMap((v) => (v.pieces === null ? [] : [v.pieces])) };
    });
    for (const storageId of storageIds) await this.dropPieces(storageId);
    return deleted;
  }
}

/** `task` in a transaction: `connection`'s own when it is one already (a PostgreSQL lock's), else a new one. */
function inTransaction<T>(connection: LockConnection, task: (trx: LockConnection) => Promise<T>): Promise<T> {
  return connection.isTransaction ? task(connection) : connection.transaction().execute(task);
}

import type { AppDb } from "./app-db";
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

/**
 * The rows as the JSON array text JSON.stringify would write, a row at a time with the event loop given turns: a
 * version may hold 10,000 rows (16 MiB), which stringified at once holds the loop for a noticeable time.
 */
async function rowsJson(rows: readonly unknown[]): Promise<string> {
  const parts: string[] = [];
  let sinceTurn = 0;
  for (const row of rows) {
    const json = JSON.stringify(row);
    parts.push(json);
    // By size, not by count: 500 of the widest rows are 6 MB, a turn held far too long (issue 36).
    sinceTurn += json.length;
    if (sinceTurn >= ROWS_JSON_TURN_CHARS) {
      sinceTurn = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return `[${parts.join(",")}]`;
}
/** Characters of JSON written between turns of the event loop: a millisecond or two of work. */
const ROWS_JSON_TURN_CHARS = 256 * 1024;

export class QuestionSetVersionConflictError extends Error {
  constructor(readonly latest: number) {
    super(`The question set changed meanwhile: its newest version is ${latest}.`);
    this.name = "QuestionSetVersionConflictError";
  }
}

/**
 * Question sets (migration 7). Every edit adds a version holding the whole row list, so a run can pin the
 * version it used and a later edit never changes what an old run asked. Rows are validated before they get
 * here (lib/eval's schema); this store keeps them as JSON text.
 */
export class QuestionSetsStore {
  constructor(private readonly db: AppDb) {}

  async create(set: { id: string; name: string; rows: readonly unknown[]; userEmail: string; note?: string; at?: Date }): Promise<void> {
    const at = (set.at ?? new Date()).toISOString();
    const json = await rowsJson(set.rows);
    await this.db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto("question_sets")
        .values({ id: set.id, name: set.name, latest: 1, created_by: set.userEmail, created_at: at, updated_at: at })
        .execute();
      await trx
        .insertInto("question_set_versions")
        .values({
          set_id: set.id,
          version: 1,
          rows: json,
          row_count: set.rows.length,
          note: set.note ?? "",
          created_by: set.userEmail,
          created_at: at,
        })
        .execute();
    });
  }

  /**
   * Saves a new version on top of `baseVersion`; refuses with QuestionSetVersionConflictError when someone
   * saved meanwhile (the editor shows the conflict instead of overwriting their rows).
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
    const json = await rowsJson(edit.rows);
    return this.db.serialize(`question-set:${edit.id}`, async (on) => {
      const current = await on.selectFrom("question_sets").select(["latest", "name"]).where("id", "=", edit.id).executeTakeFirst();
      if (!current) throw new Error(`No question set ${edit.id}`);
      if (current.latest !== edit.baseVersion) throw new QuestionSetVersionConflictError(current.latest);
      const version = current.latest + 1;
      await on
        .insertInto("question_set_versions")
        .values({
          set_id: edit.id,
          version,
          rows: json,
          row_count: edit.rows.length,
          note: edit.note ?? "",
          created_by: edit.userEmail,
          created_at: at,
        })
        .execute();
      await on
        .updateTable("question_sets")
        .set({ latest: version, name: edit.name ?? current.name, updated_at: at })
        .where("id", "=", edit.id)
        .execute();
      return version;
    });
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
      .select(["s.id as set_id", "s.name", "v.version", "v.rows", "v.note", "v.created_by", "v.created_at"])
      .where("s.id", "=", id)
      .where((eb) => (version === undefined ? eb("v.version", "=", eb.ref("s.latest")) : eb("v.version", "=", version)))
      .executeTakeFirst();
    if (!row) return undefined;
    // A version may hold 16 MiB of rows: read a row at a time, with turns, as rowsJson writes them.
    return { ...row, rows: (await parseJsonArrayInTurns(row.rows)) as Row[] };
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

  /** Deletes a set with every version (admins only, checked by the route). Runs that used it keep their results. */
  async delete(id: string): Promise<boolean> {
    // Explicitly, not by ON DELETE CASCADE: the SQLite connection does not enforce foreign keys.
    return this.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom("question_set_versions").where("set_id", "=", id).execute();
      const result = await trx.deleteFrom("question_sets").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    });
  }
}

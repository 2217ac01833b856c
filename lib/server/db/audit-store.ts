import type { PresetAuditEntry } from "@/lib/contract/bff/schemas";
import type { AppDb, LockConnection } from "./app-db";

export interface AuditActor {
  id: string;
  email: string;
  name: string;
}

/** Who saved which preset version, kept in the app's database because the gateway only knows its key. */
export class AuditStore {
  constructor(private readonly db: AppDb) {}

  /**
   * `on`: the connection of the save's lock (db.serialize), so the row never waits for a second pooled
   * connection once the gateway has saved; it commits with the lock's transaction.
   */
  async recordPresetWrite(
    entry: { slug: string; version: number; versionId: string | null; user: AuditActor; at?: Date; note?: string },
    on: LockConnection = this.db.kysely,
  ): Promise<void> {
    await on
      .insertInto("preset_audit")
      .values({
        slug: entry.slug,
        version: entry.version,
        version_id: entry.versionId,
        user_id: entry.user.id,
        user_email: entry.user.email,
        user_name: entry.user.name,
        created_at: (entry.at ?? new Date()).toISOString(),
        note: entry.note ?? null,
      })
      .execute();
  }

  /** Newest first. */
  async listForPreset(slug: string, limit = 500): Promise<PresetAuditEntry[]> {
    const rows = await this.db.kysely
      .selectFrom("preset_audit")
      .select(["slug", "version", "version_id", "user_email", "user_name", "created_at", "note"])
      .where("slug", "=", slug)
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    // A note only where a save gave one: entries without stay as they were before notes existed.
    return rows.map(({ note, ...entry }) => (note === null ? entry : { ...entry, note }));
  }

  /**
   * The newest entry of each of `slugs` in one query (a list page's "saved by" column), keyed by slug; slugs
   * nobody saved through Gatehouse are absent. preset_audit_by_slug serves it, in SQLite and PostgreSQL alike.
   */
  async lastAuthors(slugs: readonly string[]): Promise<Map<string, PresetAuditEntry>> {
    const unique = [...new Set(slugs)];
    if (unique.length === 0) return new Map();
    const rows = await this.db.kysely
      .selectFrom("preset_audit")
      .select(["slug", "version", "version_id", "user_email", "user_name", "created_at"])
      .where("id", "in", (eb) => eb.selectFrom("preset_audit").select((inner) => inner.fn.max("id").as("id")).where("slug", "in", unique).groupBy("slug"))
      .execute();
    return new Map(rows.map((row) => [row.slug, row]));
  }
}

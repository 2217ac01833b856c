import type { PresetAuditEntry } from "@/lib/bff/schemas";
import type { AppDb } from "./app-db";

export interface AuditActor {
  id: string;
  email: string;
  name: string;
}

/** Who saved which preset version, kept in the app's database because the gateway only knows its key. */
export class AuditStore {
  constructor(private readonly db: AppDb) {}

  recordPresetWrite(entry: { slug: string; version: number; versionId: string | null; user: AuditActor; at?: Date }): void {
    this.db
      .prepare(
        `INSERT INTO preset_audit (slug, version, version_id, user_id, user_email, user_name, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(entry.slug, entry.version, entry.versionId, entry.user.id, entry.user.email, entry.user.name, (entry.at ?? new Date()).toISOString());
  }

  /** Newest first. */
  listForPreset(slug: string, limit = 500): PresetAuditEntry[] {
    return this.db
      .prepare(
        `SELECT slug, version, version_id, user_email, user_name, created_at
         FROM preset_audit WHERE slug = ? ORDER BY id DESC LIMIT ?`,
      )
      .all(slug, limit) as PresetAuditEntry[];
  }

  /**
   * The newest entry of each of `slugs` in one query (a list page's "saved by" column), keyed by slug; slugs
   * nobody saved through Gatehouse are absent. Plain SQL both dialects run; preset_audit_by_slug serves it.
   */
  lastAuthors(slugs: readonly string[]): Map<string, PresetAuditEntry> {
    const unique = [...new Set(slugs)];
    if (unique.length === 0) return new Map();
    const rows = this.db
      .prepare(
        `SELECT slug, version, version_id, user_email, user_name, created_at
         FROM preset_audit
         WHERE id IN (SELECT MAX(id) FROM preset_audit WHERE slug IN (${unique.map(() => "?").join(", ")}) GROUP BY slug)`,
      )
      .all(...unique) as PresetAuditEntry[];
    return new Map(rows.map((row) => [row.slug, row]));
  }
}

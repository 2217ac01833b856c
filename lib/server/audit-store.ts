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
}

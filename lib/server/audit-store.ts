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

  async recordPresetWrite(entry: { slug: string; version: number; versionId: string | null; user: AuditActor; at?: Date }): Promise<void> {
    await this.db.kysely
      .insertInto("preset_audit")
      .values({
        slug: entry.slug,
        version: entry.version,
        version_id: entry.versionId,
        user_id: entry.user.id,
        user_email: entry.user.email,
        user_name: entry.user.name,
        created_at: (entry.at ?? new Date()).toISOString(),
      })
      .execute();
  }

  /** Newest first. */
  async listForPreset(slug: string, limit = 500): Promise<PresetAuditEntry[]> {
    return this.db.kysely
      .selectFrom("preset_audit")
      .select(["slug", "version", "version_id", "user_email", "user_name", "created_at"])
      .where("slug", "=", slug)
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  }
}

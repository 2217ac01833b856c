import type { Selectable } from "kysely";
import { ReleaseGateSchema, type DesignationMove, type ReleaseGate } from "@/lib/contract/bff/release-gates";
import type { AppDb, LockConnection } from "./app-db";
import type { AuditActor } from "./audit-store";
import type { DesignationMovesTable } from "./app-tables";

/** Moves a page lists. */
const MOVES_LISTED = 100;

export interface NewDesignationMove {
  slug: string;
  fromVersion: number | null;
  toVersion: number;
  sourceVersion: number;
  runId: string | null;
  overrideReason?: string | null;
  revertsMove?: number | null;
  user: AuditActor;
  at?: Date;
}

function moveOf(row: Selectable<DesignationMovesTable>): DesignationMove {
  return {
    id: Number(row.id),
    from_version: row.from_version === null ? null : Number(row.from_version),
    to_version: Number(row.to_version),
    source_version: Number(row.source_version),
    run_id: row.run_id,
    override_reason: row.override_reason,
    reverts_move: row.reverts_move === null ? null : Number(row.reverts_move),
    user_name: row.user_name,
    user_email: row.user_email,
    created_at: row.created_at,
  };
}

/** Presets' release gates and every move of their designated version made through Gatehouse (migration 10). */
export class ReleaseGatesStore {
  constructor(private readonly db: AppDb) {}

  /** The preset's gate; a stored document that no longer parses counts as no gate only if it is absent, else it throws. */
  async gate(slug: string): Promise<ReleaseGate | null> {
    const row = await this.db.kysely.selectFrom("preset_gates").select("gate").where("slug", "=", slug).executeTakeFirst();
    return row ? ReleaseGateSchema.parse(JSON.parse(row.gate)) : null;
  }

  async setGate(slug: string, gate: ReleaseGate, userEmail: string, at = new Date()): Promise<void> {
    const values = { slug, gate: JSON.stringify(gate), updated_by: userEmail, updated_at: at.toISOString() };
    await this.db.kysely
      .insertInto("preset_gates")
      .values(values)
      .onConflict((oc) => oc.column("slug").doUpdateSet({ gate: values.gate, updated_by: values.updated_by, updated_at: values.updated_at }))
      .execute();
  }

  async removeGate(slug: string): Promise<void> {
    await this.db.kysely.deleteFrom("preset_gates").where("slug", "=", slug).execute();
  }

  /** `on`: the save lock's connection, so the move commits with the save's audit row. */
  async recordMove(move: NewDesignationMove, on: LockConnection = this.db.kysely): Promise<DesignationMove> {
    const row = await on
      .insertInto("designation_moves")
      .values({
        slug: move.slug,
        from_version: move.fromVersion,
        to_version: move.toVersion,
        source_version: move.sourceVersion,
        run_id: move.runId,
        override_reason: move.overrideReason ?? null,
        reverts_move: move.revertsMove ?? null,
        user_id: move.user.id,
        user_email: move.user.email,
        user_name: move.user.name,
        created_at: (move.at ?? new Date()).toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return moveOf(row);
  }

  /** Newest first. */
  async moves(slug: string, on: LockConnection = this.db.kysely): Promise<DesignationMove[]> {
    const rows = await on.selectFrom("designation_moves").selectAll().where("slug", "=", slug).orderBy("id", "desc").limit(MOVES_LISTED).execute();
    return rows.map(moveOf);
  }
}

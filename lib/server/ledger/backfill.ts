import "server-only";
import { loggerFor } from "@/lib/observability/logger";
import { presetOfVersionId } from "@/lib/evaluations/results/summary";
import type { AppDb } from "../db/app-db";
import type { Ledger } from "./ledger";

const log = loggerFor("ledger");
/** instance_settings' key that says the history is on the ledger: later starts skip the scan. */
export const BACKFILL_DONE_KEY = "ledger_backfill_v1";
const BATCH = 500;

/** The model a stored plan's version called (its request's model, else its id), and its preset version. */
function versionOf(plan: string, index: number): { model: string; preset: { slug: string; version: number } | null } {
  try {
    const version = (JSON.parse(plan) as { versions?: { id?: unknown; request?: { model?: unknown } }[] }).versions?.[index];
    const id = typeof version?.id === "string" ? version.id : "unknown";
    return { model: typeof version?.request?.model === "string" ? version.request.model : id, preset: presetOfVersionId(id) };
  } catch {
    return { model: "unknown", preset: null };
  }
}

const instant = (...times: (string | null | undefined)[]) => {
  for (const time of times) {
    const ms = time ? Date.parse(time) : Number.NaN;
    if (Number.isFinite(ms)) return ms;
  }
  return 0;
};

/**
 * History from before the ledger (app migration 10): every video job and evaluation item that carries a cost but no
 * ledger entry gets a settled one (its person, time, model, preset, the thing it belongs to) and its rollup, so
 * /usage shows it. Idempotent: a row is linked to its entry (`ledger_entry`) in the transaction that writes the
 * entry, guarded on being unlinked, so a second run or a second instance adds nothing; when nothing is left, a marker
 * in instance_settings spares later starts the scan. Batches of BATCH rows, one transaction each.
 */
export async function backfillLedgerHistory(db: AppDb, ledger: Ledger): Promise<{ videoJobs: number; evaluationItems: number }> {
  const done = await db.kysely.selectFrom("instance_settings").select("value").where("key", "=", BACKFILL_DONE_KEY).executeTakeFirst();
  if (done) return { videoJobs: 0, evaluationItems: 0 };
  let videoJobs = 0;
  let evaluationItems = 0;
  for (;;) {
    const rows = await db.kysely
      .selectFrom("video_jobs as j")
      .innerJoin("video_generations as g", "g.id", "j.generation_id")
      .select(["j.id", "j.generation_id", "j.position", "j.model", "j.cost", "j.submitted_at", "j.completed_at", "g.user_id", "g.created_at"])
      .where("j.ledger_entry", "is", null)
      .where("j.cost", ">", 0)
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    await db.kysely.transaction().execute(async (trx) => {
      for (const row of rows) {
        const entry = `backfill-video-${row.id}`;
        const linked = await trx.updateTable("video_jobs").set({ ledger_entry: entry }).where("id", "=", row.id).where("ledger_entry", "is", null).executeTakeFirst();
        if (Number(linked.numUpdatedRows) !== 1) continue;
        const id = await ledger.recordSettledWithin(trx, {
          userId: row.user_id,
          feature: "video",
          model: row.model,
          subject: { kind: "video-generation", id: `${row.generation_id}:${row.position}` },
          costUsd: Number(row.cost),
          at: instant(row.submitted_at, row.created_at),
        });
        await trx.updateTable("video_jobs").set({ ledger_entry: id }).where("id", "=", row.id).execute();
        videoJobs++;
      }
    });
  }
  for (;;) {
    const rows = await db.kysely
      .selectFrom("eval_items as i")
      .innerJoin("eval_runs as r", "r.id", "i.run_id")
      .select(["i.run_id", "i.position", "i.version_index", "i.cost_usd", "i.started_at", "i.ended_at", "r.user_id", "r.plan", "r.created_at"])
      .where("i.ledger_entry", "is", null)
      .where("i.cost_usd", ">", 0)
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    await db.kysely.transaction().execute(async (trx) => {
      for (const row of rows) {
        const linked = await trx
          .updateTable("eval_items")
          .set({ ledger_entry: "backfill" })
          .where("run_id", "=", row.run_id)
          .where("position", "=", row.position)
          .where("ledger_entry", "is", null)
          .executeTakeFirst();
        if (Number(linked.numUpdatedRows) !== 1) continue;
        const version = versionOf(row.plan, row.version_index);
        const id = await ledger.recordSettledWithin(trx, {
          userId: row.user_id,
          feature: "evaluation-item",
          model: version.model,
          preset: version.preset,
          subject: { kind: "evaluation-item", id: `${row.run_id}:${row.position}` },
          costUsd: Number(row.cost_usd),
          at: instant(row.started_at, row.ended_at, row.created_at),
        });
        await trx.updateTable("eval_items").set({ ledger_entry: id }).where("run_id", "=", row.run_id).where("position", "=", row.position).execute();
        evaluationItems++;
      }
    });
  }
  await db.kysely
    .insertInto("instance_settings")
    .values({ key: BACKFILL_DONE_KEY, value: new Date().toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  if (videoJobs + evaluationItems > 0) log.info({ video_jobs: videoJobs, evaluation_items: evaluationItems }, "put the spending from before the ledger on it");
  return { videoJobs, evaluationItems };
}

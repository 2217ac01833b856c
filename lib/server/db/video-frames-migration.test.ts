import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { GenerationListResponseSchema } from "@/lib/contract/bff/video-generations";
import { applyMigrations } from "@/lib/sqlite/migrate";
import { openSqlite } from "@/lib/sqlite/open";
import { APP_DB_DIALECTS, freshPostgresDatabase, type AppDbDialect } from "@/lib/testing/postgres-database";
import { appContext, closeAppContexts } from "../config/app-context";
import { appDbFile } from "./app-db";
import { APP_MIGRATIONS, DIALECT_SQL } from "./app-migrations";
import { resetServerEnv } from "../config/env";
import { getGenerationFrame, listGenerations } from "../handlers/video-generations";
import { mintSessionCookie } from "../auth/session";
import { noGatewayEnv, params, TEST_ORIGIN } from "../testing/test-support";

/**
 * Migration 6 on a database written before it (schema 5): the frame images recorded inside a
 * generation's settings move to video_generation_frames and stay readable through the frame route;
 * the settings keep only a marker; jobs failed as interrupted or lost are marked as of unknown outcome.
 */
const GENERATION = "7d1c2f7e-9a51-4b9e-8d0c-2b1f0a6e4c11";
const USER = "u-before-6";
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5000, 7)]);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4, 1), Buffer.from("WEBP"), Buffer.alloc(301, 2)]);
const SETTINGS_BEFORE_6 = {
  duration: 4,
  first_frame: `data:image/png;base64,${PNG.toString("base64")}`,
  last_frame: `data:image/webp;base64,${WEBP.toString("base64")}`,
};
const HTTPS_FRAME = "https://cdn.example.com/frame.png";
const at = new Date().toISOString();

/** Rows as build 5 wrote them: two generations (data: frames; an https frame), jobs failed in three ways. */
const ROWS_BEFORE_6 = [
  `INSERT INTO users (id, email, name, role, provider, password_hash, created_at, updated_at)
   VALUES ('${USER}', 'before6@test.local', 'Before Six', 'viewer', 'credentials', 'unused', '${at}', '${at}')`,
  `INSERT INTO video_generations (id, user_id, user_email, user_name, prompt, settings, models, estimated_cost, estimate_complete, idempotency_key, request_fingerprint, created_at)
   VALUES ('${GENERATION}', '${USER}', 'before6@test.local', 'Before Six', 'Old frames', '${JSON.stringify(SETTINGS_BEFORE_6)}', '["google/veo-3.1-fast"]', 1.8, 1, 'k1', 'f1', '${at}')`,
  `INSERT INTO video_generations (id, user_id, user_email, user_name, prompt, settings, models, estimated_cost, estimate_complete, idempotency_key, request_fingerprint, created_at)
   VALUES ('0b9d7c1e-1111-4c4c-9d9d-000000000002', '${USER}', 'before6@test.local', 'Before Six', 'Https frame', '${JSON.stringify({ first_frame: HTTPS_FRAME })}', '["google/veo-3.1-fast"]', 0.6, 1, 'k2', 'f2', '${at}')`,
  `INSERT INTO video_jobs (generation_id, position, model, status, error, estimated_cost, submitted_at)
   VALUES ('${GENERATION}', 0, 'a', 'failed', 'The submission was interrupted before the gateway''s answer was recorded; the gateway may or may not have started (and charged) it. Run the generation again to retry.', 0.6, '${at}')`,
  `INSERT INTO video_jobs (generation_id, position, model, gateway_job_id, status, error, estimated_cost, submitted_at)
   VALUES ('${GENERATION}', 1, 'b', 'gone', 'failed', 'The gateway no longer knows this job (expired or removed)', 0.6, '${at}')`,
  `INSERT INTO video_jobs (generation_id, position, model, gateway_job_id, status, error, estimated_cost, submitted_at)
   VALUES ('${GENERATION}', 2, 'c', 'refused', 'failed', 'Provider returned an error', 0.6, '${at}')`,
];

/** A database of `dialect` at schema 5 holding ROWS_BEFORE_6; its settings for appContext(). */
async function databaseBefore6(dialect: AppDbDialect, dataDir: string): Promise<{ DATABASE_URL: string }> {
  const before = APP_MIGRATIONS.filter((migration) => migration.version <= 5);
  if (dialect === "sqlite") {
    const db = openSqlite(appDbFile(dataDir), { busyTimeoutMs: 1000 });
    applyMigrations(db, before.map((m) => ({ version: m.version, name: m.name, sql: m.sql(DIALECT_SQL.sqlite) })), "app");
    for (const row of ROWS_BEFORE_6) db.exec(row);
    db.close();
    return { DATABASE_URL: "" };
  }
  const url = await freshPostgresDatabase();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // As app-db.ts's runner writes it.
    await client.query("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
    for (const migration of before) {
      await client.query(migration.sql(DIALECT_SQL.postgres));
      await client.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)", [migration.version, migration.name, at]);
    }
    for (const row of ROWS_BEFORE_6) await client.query(row);
  } finally {
    await client.end();
  }
  return { DATABASE_URL: url };
}

describe.each(APP_DB_DIALECTS)("migration 6 on %s", (dialect) => {
  let dataDir = "";
  afterEach(async () => {
    await closeAppContexts();
    rmSync(dataDir, { recursive: true, force: true });
    resetServerEnv();
  });

  it("keeps an old record's frames readable through the frame route, moved out of the generation record", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-migration6-"));
    const database = await databaseBefore6(dialect, dataDir);
    await closeAppContexts();
    Object.assign(process.env, {
      // Neither route here reaches the gateway.
      ...noGatewayEnv(dataDir),
      RATE_LIMIT_GATEWAY_PER_MINUTE: "1000",
      ...database,
    });
    resetServerEnv();
    const { db, videoGenerations } = await appContext();
    expect(db.migrated).toEqual(APP_MIGRATIONS.filter((m) => m.version >= 6).map((m) => m.version));
    const cookie = await mintSessionCookie(USER);
    const get = (pathAndQuery: string) => new Request(`${TEST_ORIGIN}${pathAndQuery}`, { headers: { cookie } });

    for (const [frame, bytes, type] of [["first_frame", PNG, "image/png"], ["last_frame", WEBP, "image/webp"]] as const) {
      const response = await getGenerationFrame(get(`/api/videos/generations/${GENERATION}/frames/${frame}`), params({ id: GENERATION, frame }));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(type);
      expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    }

    // The generation record no longer holds the images; the routes answer their paths, an https frame as sent.
    const stored = await db.kysely.selectFrom("video_generations").select(["id", "settings"]).execute();
    expect(stored.every((row) => !row.settings.includes("data:"))).toBe(true);
    const list = GenerationListResponseSchema.parse(await (await listGenerations(get("/api/videos/generations"), params({}))).json());
    const byPrompt = new Map(list.data.map((generation) => [generation.prompt, generation.settings]));
    expect(byPrompt.get("Old frames")).toEqual({
      duration: 4,
      first_frame: `/api/videos/generations/${GENERATION}/frames/first_frame`,
      last_frame: `/api/videos/generations/${GENERATION}/frames/last_frame`,
    });
    expect(byPrompt.get("Https frame")).toEqual({ first_frame: HTTPS_FRAME });
    // The "run again" draft gets the image back as it was sent.
    expect(await videoGenerations.frame(GENERATION, "first_frame")).toBe(SETTINGS_BEFORE_6.first_frame);
    expect(await videoGenerations.storedFrameBytes(USER)).toBe(PNG.length + WEBP.length);
  });
});

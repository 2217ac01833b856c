import type Database from "better-sqlite3";
import { applyMigrations, type Migration } from "@/lib/sqlite/migrate";

/** The embedded gateway's schema history (rules in lib/sqlite/migrate.ts). */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "initial schema",
    sql: `
      CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );

      CREATE TABLE workspaces (
        id          TEXT PRIMARY KEY,
        slug        TEXT NOT NULL UNIQUE,
        name        TEXT NOT NULL,
        description TEXT,
        created_by  TEXT NOT NULL,
        created_at  TEXT NOT NULL,
        updated_at  TEXT,
        position    INTEGER NOT NULL
      );

      CREATE TABLE api_keys (
        id                   TEXT PRIMARY KEY,
        kind                 TEXT NOT NULL CHECK (kind IN ('standard', 'management')),
        key_hash             TEXT NOT NULL UNIQUE,
        label                TEXT NOT NULL,
        user_id              TEXT NOT NULL,
        default_workspace_id TEXT NOT NULL REFERENCES workspaces(id),
        created_at           TEXT NOT NULL
      );

      CREATE TABLE presets (
        id                    TEXT PRIMARY KEY,
        workspace_id          TEXT NOT NULL REFERENCES workspaces(id),
        slug                  TEXT NOT NULL,
        name                  TEXT NOT NULL,
        description           TEXT,
        status                TEXT NOT NULL DEFAULT 'active',
        status_updated_at     TEXT,
        created_at            TEXT NOT NULL,
        updated_at            TEXT NOT NULL,
        creator_user_id       TEXT NOT NULL,
        designated_version_id TEXT NOT NULL,
        UNIQUE (workspace_id, slug)
      );
      CREATE INDEX presets_by_update ON presets (workspace_id, updated_at DESC, id DESC);

      CREATE TABLE preset_versions (
        id            TEXT PRIMARY KEY,
        preset_id     TEXT NOT NULL REFERENCES presets(id) ON DELETE CASCADE,
        version       INTEGER NOT NULL CHECK (version >= 1),
        config        TEXT NOT NULL,
        system_prompt TEXT NOT NULL,
        creator_id    TEXT NOT NULL,
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL,
        UNIQUE (preset_id, version)
      );

      -- seq orders the listing: it only grows (AUTOINCREMENT never reuses a value), so a file
      -- uploaded during a walk sorts above every cursor already handed out.
      CREATE TABLE files (
        seq          INTEGER PRIMARY KEY AUTOINCREMENT,
        id           TEXT NOT NULL UNIQUE,
        workspace_id TEXT NOT NULL REFERENCES workspaces(id),
        filename     TEXT NOT NULL,
        mime_type    TEXT NOT NULL,
        size_bytes   INTEGER NOT NULL CHECK (size_bytes >= 0),
        downloadable INTEGER NOT NULL CHECK (downloadable IN (0, 1)),
        created_at   TEXT NOT NULL,
        source       TEXT NOT NULL CHECK (source IN ('seed', 'upload'))
      );
      CREATE INDEX files_by_workspace ON files (workspace_id, seq);

      CREATE TABLE file_chunks (
        file_seq INTEGER NOT NULL REFERENCES files(seq) ON DELETE CASCADE,
        idx      INTEGER NOT NULL,
        data     BLOB NOT NULL,
        PRIMARY KEY (file_seq, idx)
      ) WITHOUT ROWID;

      CREATE TABLE video_models (
        id       TEXT PRIMARY KEY,
        position INTEGER NOT NULL,
        body     TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: "video generation jobs",
    sql: `
      -- One row per POST /videos. The status is not stored: it follows from submitted_at and the two
      -- durations (video/timeline.ts), so a restart picks every job up where its clock says it is.
      CREATE TABLE video_jobs (
        seq             INTEGER PRIMARY KEY AUTOINCREMENT,
        id              TEXT NOT NULL UNIQUE,
        generation_id   TEXT NOT NULL,
        key_id          TEXT NOT NULL,
        user_id         TEXT NOT NULL,
        model           TEXT NOT NULL,
        request         TEXT NOT NULL,
        request_hash    TEXT NOT NULL,
        settings        TEXT NOT NULL,
        seed            INTEGER NOT NULL,
        cost_usd        REAL,
        submitted_at    INTEGER NOT NULL,
        queued_ms       INTEGER NOT NULL CHECK (queued_ms >= 0),
        generation_ms   INTEGER NOT NULL CHECK (generation_ms >= 0),
        fail_message    TEXT,
        idempotency_key TEXT,
        content_bytes   INTEGER,
        UNIQUE (key_id, idempotency_key)
      );
      CREATE INDEX video_jobs_by_key ON video_jobs (key_id, fail_message);
    `,
  },
  {
    version: 3,
    name: "generations: what each answer cost",
    // One row per /responses answer that ended (completed, incomplete or failed with usage), as the real gateway
    // keeps them for GET /generation?id=, and sums for /credits, /key and /activity. created_at is epoch ms.
    sql: `
      CREATE TABLE generations (
        id                TEXT PRIMARY KEY,
        key_id            TEXT NOT NULL,
        model             TEXT NOT NULL,
        created_at        INTEGER NOT NULL,
        streamed          INTEGER NOT NULL,
        finish_reason     TEXT,
        tokens_prompt     INTEGER NOT NULL,
        tokens_completion INTEGER NOT NULL,
        num_search_results INTEGER NOT NULL,
        total_cost        REAL NOT NULL,
        latency_ms        INTEGER NOT NULL
      );
      CREATE INDEX generations_by_time ON generations (created_at);
    `,
  },
];

export function runMigrations(db: Database.Database): number[] {
  return applyMigrations(db, MIGRATIONS, "embedded gateway");
}

import type Database from "better-sqlite3";
import path from "node:path";
import { applyMigrations, type Migration } from "@/lib/sqlite/migrate";
import { openSqlite } from "@/lib/sqlite/open";

export type AppDb = Database.Database;

/** The app's own database (users, audit, rate limits): its schema history (rules in lib/sqlite/migrate.ts). */
export const APP_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "users and preset audit",
    sql: `
      CREATE TABLE users (
        id            TEXT PRIMARY KEY,
        email         TEXT NOT NULL UNIQUE COLLATE NOCASE,
        name          TEXT NOT NULL,
        role          TEXT NOT NULL CHECK (role IN ('viewer', 'editor', 'admin')),
        provider      TEXT NOT NULL CHECK (provider IN ('credentials', 'oidc')),
        password_hash TEXT,
        is_demo       INTEGER NOT NULL DEFAULT 0 CHECK (is_demo IN (0, 1)),
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL
      );

      CREATE TABLE preset_audit (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        slug       TEXT NOT NULL,
        version    INTEGER NOT NULL,
        version_id TEXT,
        user_id    TEXT NOT NULL,
        user_email TEXT NOT NULL,
        user_name  TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX preset_audit_by_slug ON preset_audit (slug, id DESC);
    `,
  },
  {
    version: 2,
    name: "session revocation",
    // session_version is sealed into each session token at sign-in; raising it (password reset, lower
    // role, sign-out everywhere) ends every session issued before. revoked_sessions holds single sessions
    // ended by signing out, until the moment they would have expired anyway.
    sql: `
      ALTER TABLE users ADD COLUMN session_version INTEGER NOT NULL DEFAULT 1;
      CREATE TABLE revoked_sessions (
        session_id TEXT PRIMARY KEY,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX revoked_sessions_by_expiry ON revoked_sessions (expires_at);
    `,
  },
  {
    version: 3,
    name: "rate limits",
    // The shape rate-limiter-flexible's RateLimiterSQLite reads and writes (lib/server/rate-limits.ts):
    // one row per limiter key, `expire` in epoch milliseconds. Rows past `expire` count as absent and
    // are swept; the index keeps that sweep cheap.
    sql: `
      CREATE TABLE rate_limits (
        key    TEXT PRIMARY KEY,
        points INTEGER NOT NULL DEFAULT 0,
        expire INTEGER
      );
      CREATE INDEX rate_limits_by_expire ON rate_limits (expire);
    `,
  },
];

/**
 * Opens (creating if needed) the app database and migrates it. The longer busy timeout covers the
 * `npm run user` CLI writing while the server reads.
 */
export function openAppDb(file: string): AppDb {
  const db = openSqlite(file, { busyTimeoutMs: 5000 });
  applyMigrations(db, APP_MIGRATIONS, "app");
  return db;
}

export function appDbFile(dataDir: string): string {
  return path.join(dataDir, "gatehouse.db");
}

import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { applyMigrations, type Migration } from "@/lib/sqlite/migrate";

export type AppDb = Database.Database;

/** The app's own database (users, audit): its schema history (rules in lib/sqlite/migrate.ts). */
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
];

/**
 * Opens (creating if needed) the app database and migrates it. WAL + busy timeout because the
 * `npm run user` CLI may write while the server reads.
 */
export function openAppDb(file: string): AppDb {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  if (file !== ":memory:") db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  applyMigrations(db, APP_MIGRATIONS, "app");
  return db;
}

export function appDbFile(dataDir: string): string {
  return path.join(dataDir, "gatehouse.db");
}

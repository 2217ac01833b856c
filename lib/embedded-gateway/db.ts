import type Database from "better-sqlite3";
import { openSqlite } from "@/lib/sqlite/open";
import { runMigrations } from "./migrations";

export type Db = Database.Database;

/** Opens the gateway database (lib/sqlite/open.ts) and brings its schema up to date. */
export function openDatabase(file: string): Db {
  const db = openSqlite(file, { busyTimeoutMs: 2000, foreignKeys: true });
  runMigrations(db);
  return db;
}

/** True for the errors SQLite raises when another connection holds the write lock. */
export function isBusyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_BUSY" || code === "SQLITE_LOCKED" || code === "SQLITE_BUSY_SNAPSHOT";
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

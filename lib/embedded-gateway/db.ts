import Database from "better-sqlite3";
import { makeDatabaseFilesPrivate, makePrivateDir } from "@/lib/sqlite/private-files";
import path from "node:path";
import { runMigrations } from "./migrations";

export type Db = Database.Database;

/**
 * Opens the gateway database and brings its schema up to date.
 * WAL lets readers (file listings) proceed while a writer (an upload) commits; the busy timeout
 * makes a second process sharing the file wait briefly instead of failing at once.
 */
export function openDatabase(file: string): Db {
  if (file !== ":memory:") {
    makePrivateDir(path.dirname(path.resolve(file)));
    makeDatabaseFilesPrivate(file);
  }
  const db = new Database(file);
  if (file !== ":memory:") {
    db.pragma("journal_mode = WAL");
    makeDatabaseFilesPrivate(file);
  }
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 2000");
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

import Database from "better-sqlite3";
import path from "node:path";
import { makeDatabaseFilesPrivate, makePrivateDir } from "./private-files";

/**
 * Opens (creating if needed) one of Gatehouse's SQLite files the one way both databases need: in a
 * private data folder with owner-only files (private-files.ts), in WAL mode so readers proceed while a
 * writer commits, and with a busy timeout so a second process sharing the file (another instance, the
 * `npm run user` CLI) waits briefly instead of failing at once.
 */
export function openSqlite(file: string, options: { busyTimeoutMs: number; foreignKeys?: boolean }): Database.Database {
  const onDisk = file !== ":memory:";
  if (onDisk) {
    makePrivateDir(path.dirname(path.resolve(file)));
    makeDatabaseFilesPrivate(file);
  }
  const db = new Database(file);
  if (onDisk) {
    db.pragma("journal_mode = WAL");
    // WAL made the -wal and -shm files just now: owner-only too.
    makeDatabaseFilesPrivate(file);
  }
  db.pragma("synchronous = NORMAL");
  if (options.foreignKeys) db.pragma("foreign_keys = ON");
  db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs)}`);
  return db;
}

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, expect } from "vitest";
import type { AppDbDialect } from "@/lib/testing/postgres-database";
import { openAppDb, type AppDb, type AppDbTarget } from "../db/app-db";
import { testAppDbTarget } from "./test-support";

/** The app database of one describe block, readable once its `beforeAll` has run. */
export interface TestAppDb {
  readonly db: AppDb;
  readonly dataDir: string;
  /** The SQLite file or the PostgreSQL URL, as another process would be told it. */
  readonly location: string;
  /** A second connection to the same database (the caller closes it). */
  reopen(): Promise<AppDb>;
  /**
   * Resolves once what a killed process left is all there is to read. On PostgreSQL a statement it had sent runs
   * to its end on the server (a settle is one statement there, and commits) after the process is gone: wait until no
   * other session of this database is busy. On SQLite a killed process's open transaction is simply rolled back.
   */
  settledAfterKill(): Promise<void>;
}

/**
 * An empty, migrated app database of `dialect` for the describe block that calls this: made in a new temporary
 * folder (named after `tmpPrefix`) before its tests, closed and removed after them.
 */
export function useTestAppDb(dialect: AppDbDialect, tmpPrefix: string): TestAppDb {
  let opened: { db: AppDb; dataDir: string; target: AppDbTarget } | undefined;
  const current = () => {
    if (!opened) throw new Error("the test app database is opened in beforeAll: read it inside a hook or a test");
    return opened;
  };
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
    const target = await testAppDbTarget(dialect, dataDir);
    opened = { db: await openAppDb(target), dataDir, target };
  });
  afterAll(async () => {
    if (!opened) return;
    await opened.db.close();
    rmSync(opened.dataDir, { recursive: true, force: true });
  });
  return {
    get db() {
      return current().db;
    },
    get dataDir() {
      return current().dataDir;
    },
    get location() {
      const { target } = current();
      return target.dialect === "sqlite" ? target.file : target.url;
    },
    reopen: () => openAppDb(current().target),
    async settledAfterKill() {
      const { db, target } = current();
      if (target.dialect !== "postgres") return;
      const busy = async () =>
        Number((await sql<{ busy: number }>`SELECT count(*) AS busy FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active'`.execute(db.kysely)).rows[0]?.busy);
      await expect.poll(busy, { timeout: 10_000, interval: 50 }).toBe(0);
    },
  };
}

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "@/lib/embedded-gateway/db";
import { openSqliteAppDb } from "@/lib/server/db/app-db";

// Issue 12 item 10: the data folder is 0700 and every database file 0600, whichever command opens them.

const mode = (file: string) => statSync(file).mode & 0o777;

let parent: string;
let previousUmask: number;
beforeEach(() => {
  parent = mkdtempSync(path.join(os.tmpdir(), "gatehouse-private-"));
  // The usual shell umask: without the defence, new files come out 0644 and folders 0755.
  previousUmask = process.umask(0o022);
});
afterEach(() => {
  process.umask(previousUmask);
  rmSync(parent, { recursive: true, force: true });
});

describe.each([
  ["the app database", (file: string) => openSqliteAppDb(file).driver.database],
  ["the embedded gateway's database", (file: string) => openDatabase(file)],
])("%s", (_name, open) => {
  it("is created 0600, with its -wal and -shm, in a data folder made 0700", () => {
    const dataDir = path.join(parent, "data", "nested");
    const file = path.join(dataDir, "db.sqlite");
    const db = open(file);
    db.exec("CREATE TABLE IF NOT EXISTS probe (x); INSERT INTO probe VALUES (1);");
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    expect(mode(`${file}-wal`)).toBe(0o600);
    expect(mode(`${file}-shm`)).toBe(0o600);
    db.close();
  });

  it("narrows a folder and files an older build left readable to others", () => {
    const dataDir = path.join(parent, "old");
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const file = path.join(dataDir, "db.sqlite");
    open(file).close();
    chmodSync(file, 0o644);
    closeSync(openSync(`${file}-wal`, "a", 0o644));
    chmodSync(`${file}-wal`, 0o644);
    const db = open(file);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    expect(mode(`${file}-wal`)).toBe(0o600);
    db.close();
  });
});

import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cachedPrepare } from "./statement-cache";

const open: Database.Database[] = [];
function memoryDb(): Database.Database {
  const db = new Database(":memory:");
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)");
  open.push(db);
  return db;
}
afterEach(() => open.splice(0).forEach((db) => db.close()));

describe("cachedPrepare", () => {
  it("compiles each SQL text once and the reused statement answers with the current rows", () => {
    const db = memoryDb();
    const compile = vi.spyOn(db, "prepare");
    const prepare = cachedPrepare(db);
    prepare("INSERT INTO t (name) VALUES (?)").run("a");
    prepare("INSERT INTO t (name) VALUES (?)").run("b");
    expect(prepare("SELECT name FROM t ORDER BY id").all()).toEqual([{ name: "a" }, { name: "b" }]);
    prepare("INSERT INTO t (name) VALUES (?)").run("c");
    expect(prepare("SELECT name FROM t ORDER BY id").all()).toHaveLength(3);
    expect(compile).toHaveBeenCalledTimes(2);
  });

  it("holds at most `capacity` statements, dropping the least recently used", () => {
    const db = memoryDb();
    const compile = vi.spyOn(db, "prepare");
    const prepare = cachedPrepare(db, 2);
    prepare("SELECT 1");
    prepare("SELECT 2");
    prepare("SELECT 1"); // now the most recent
    prepare("SELECT 3"); // evicts SELECT 2
    prepare("SELECT 1");
    expect(compile).toHaveBeenCalledTimes(3);
    prepare("SELECT 2");
    expect(compile).toHaveBeenCalledTimes(4);
  });

  it("a statement made before a schema change still works after it", () => {
    const db = memoryDb();
    const prepare = cachedPrepare(db);
    prepare("INSERT INTO t (name) VALUES (?)").run("a");
    db.exec("CREATE INDEX t_name ON t (name)");
    prepare("INSERT INTO t (name) VALUES (?)").run("b");
    expect(prepare("SELECT COUNT(*) AS n FROM t").get()).toEqual({ n: 2 });
  });
});

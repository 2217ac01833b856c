import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { MIGRATIONS, runMigrations } from "./migrations";

describe("migrations", () => {
  it("apply once, record their versions and refuse a database from a newer build", () => {
    const db = new Database(":memory:");
    expect(runMigrations(db)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(runMigrations(db)).toEqual([]);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 'now')").run();
    expect(() => runMigrations(db)).toThrow(/schema 999/);
    db.close();
  });
});

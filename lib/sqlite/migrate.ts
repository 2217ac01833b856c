import type Database from "better-sqlite3";

/**
 * A numbered, append-only schema migration. A released entry is never edited: a change is a new entry.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Applies the migrations a database has not seen yet, each in its own transaction together with its
 * schema_migrations row, so a crash leaves the database either before or after it, never half-way.
 * Returns the versions it applied. `label` names the database in the error raised when the file was
 * written by a newer build, which this one would silently misread.
 */
export function applyMigrations(db: Database.Database, migrations: readonly Migration[], label: string): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const applied = new Set(
    (db.prepare("SELECT version FROM schema_migrations").all() as { version: number }[]).map((r) => r.version),
  );
  const known = Math.max(0, ...migrations.map((m) => m.version));
  const newest = Math.max(0, ...applied);
  if (newest > known) throw new Error(`${label} database is at schema ${newest}, this build knows up to ${known}`);
  const ran: number[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
    }).immediate();
    ran.push(migration.version);
  }
  return ran;
}

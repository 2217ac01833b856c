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
 * The migrations of `migrations` not in `applied`, in order. Throws when the database was written by a
 * newer build (a version this one does not know), which this build would silently misread; `label`
 * names the database in that message. Shared by the SQLite runner below and the PostgreSQL one.
 */
export function pendingMigrations<M extends { version: number }>(migrations: readonly M[], applied: Iterable<number>, label: string): M[] {
  const done = new Set(applied);
  const known = Math.max(0, ...migrations.map((m) => m.version));
  const newest = Math.max(0, ...done);
  if (newest > known) throw new Error(`${label} database is at schema ${newest}, this build knows up to ${known}`);
  return [...migrations].sort((a, b) => a.version - b.version).filter((m) => !done.has(m.version));
}

/**
 * Applies the migrations a database has not seen yet, each in its own transaction together with its
 * schema_migrations row, so a crash leaves the database either before or after it, never half-way.
 * Returns the versions it applied.
 */
export function applyMigrations(db: Database.Database, migrations: readonly Migration[], label: string): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const applied = (db.prepare("SELECT version FROM schema_migrations").all() as { version: number }[]).map((r) => r.version);
  const ran: number[] = [];
  for (const migration of pendingMigrations(migrations, applied, label)) {
    db.transaction(() => {
      // Another process (the `npm run user` CLI) may have applied it since we looked.
      if (db.prepare("SELECT 1 FROM schema_migrations WHERE version = ?").get(migration.version)) return;
      db.exec(migration.sql);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
      ran.push(migration.version);
    }).immediate();
  }
  return ran;
}

/**
 * The app database's schema history, one list for both dialects: SQLite (the embedded default,
 * DATA_DIR/gatehouse.db) and PostgreSQL (DATABASE_URL). Each entry is written once, with the few
 * spellings that differ between the two taken from `DialectSql`. A released entry is never edited: a
 * change is a new entry. The runners are lib/sqlite/migrate.ts (SQLite) and app-db.ts (PostgreSQL,
 * under an advisory lock).
 */
export interface DialectSql {
  /** An auto-incrementing integer primary key. */
  autoId: string;
  /** Epoch milliseconds (past 2^31: BIGINT in PostgreSQL). */
  epochMs: string;
  /** The users.email column and, after the table, what makes it unique without regard to case. */
  email: { column: string; unique: string };
  /** A rate-limiter key (rate-limiter-flexible's RateLimiterPostgres declares VARCHAR(255)). */
  limiterKey: string;
}

export const DIALECT_SQL: Readonly<Record<"sqlite" | "postgres", DialectSql>> = {
  sqlite: {
    autoId: "INTEGER PRIMARY KEY AUTOINCREMENT",
    epochMs: "INTEGER",
    email: { column: "TEXT NOT NULL UNIQUE COLLATE NOCASE", unique: "" },
    limiterKey: "TEXT",
  },
  postgres: {
    autoId: "BIGSERIAL PRIMARY KEY",
    epochMs: "BIGINT",
    email: { column: "TEXT NOT NULL", unique: "CREATE UNIQUE INDEX users_email_key ON users (lower(email));" },
    limiterKey: "VARCHAR(255)",
  },
};

export interface AppMigration {
  version: number;
  name: string;
  sql(dialect: DialectSql): string;
}

export const APP_MIGRATIONS: readonly AppMigration[] = [
  {
    version: 1,
    name: "users and preset audit",
    // Emails are stored lower-cased (users-store.ts); the unique rule also refuses a second account
    // that differs only in case.
    sql: (d) => `
      CREATE TABLE users (
        id            TEXT PRIMARY KEY,
        email         ${d.email.column},
        name          TEXT NOT NULL,
        role          TEXT NOT NULL CHECK (role IN ('viewer', 'editor', 'admin')),
        provider      TEXT NOT NULL CHECK (provider IN ('credentials', 'oidc')),
        password_hash TEXT,
        is_demo       INTEGER NOT NULL DEFAULT 0 CHECK (is_demo IN (0, 1)),
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL
      );
      ${d.email.unique}

      CREATE TABLE preset_audit (
        id         ${d.autoId},
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
  {
    version: 2,
    name: "session revocation",
    // session_version is sealed into each session token at sign-in; raising it (password reset, lower
    // role, sign-out everywhere) ends every session issued before. revoked_sessions holds single sessions
    // ended by signing out, until the moment they would have expired anyway.
    sql: (d) => `
      ALTER TABLE users ADD COLUMN session_version INTEGER NOT NULL DEFAULT 1;
      CREATE TABLE revoked_sessions (
        session_id TEXT PRIMARY KEY,
        expires_at ${d.epochMs} NOT NULL
      );
      CREATE INDEX revoked_sessions_by_expiry ON revoked_sessions (expires_at);
    `,
  },
  {
    version: 3,
    name: "rate limits",
    // The shape rate-limiter-flexible's RateLimiterSQLite and RateLimiterPostgres read and write
    // (rate-limits.ts): one row per limiter key, \`expire\` in epoch milliseconds. Rows past \`expire\`
    // count as absent and are swept; the index keeps that sweep cheap.
    sql: (d) => `
      CREATE TABLE rate_limits (
        key    ${d.limiterKey} PRIMARY KEY,
        points INTEGER NOT NULL DEFAULT 0,
        expire ${d.epochMs}
      );
      CREATE INDEX rate_limits_by_expire ON rate_limits (expire);
    `,
  },
  {
    version: 4,
    name: "instance settings",
    // Facts every instance sharing the database must agree on, e.g. a fingerprint of AUTH_SECRET
    // (shared-secret-check.ts): an instance started with another secret would refuse the others' sessions.
    sql: () => `
      CREATE TABLE instance_settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
];

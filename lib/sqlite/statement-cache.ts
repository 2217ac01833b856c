import type Database from "better-sqlite3";

/** Room for every distinct query the app sends (a few dozen), with margin; past it the least recently used goes. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * A `prepare` that compiles each SQL text once. Kysely and rate-limiter-flexible call `prepare` for every
 * query, and compiling was the largest part of the app database's time on a BFF request (the session
 * check and the rate-limit point that every call pays). better-sqlite3 statements are reusable and
 * re-prepare themselves after a schema change. Callers must not switch a shared statement's mode
 * (`pluck`, `raw`, `expand`): neither of the two libraries does.
 */
export function cachedPrepare(database: Database.Database, capacity = STATEMENT_CACHE_SIZE): (sql: string) => Database.Statement {
  const statements = new Map<string, Database.Statement>();
  return (sql) => {
    const known = statements.get(sql);
    if (known) {
      // Most recently used last, so eviction takes the oldest first.
      statements.delete(sql);
      statements.set(sql, known);
      return known;
    }
    const statement = database.prepare(sql);
    if (statements.size >= capacity) statements.delete(statements.keys().next().value!);
    statements.set(sql, statement);
    return statement;
  };
}

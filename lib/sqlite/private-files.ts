import fs from "node:fs";

/**
 * The data folder holds password hashes, the gateway's key hashes and the generated secrets: nobody but
 * the server's own user may list or read it, whichever command (server, `npm run user`, a test) made it.
 */

/** Creates `dir` (and parents) as 0700; an existing folder of ours is narrowed to 0700 too. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  narrow(dir, 0o700);
}

/**
 * Makes an SQLite database and its companions 0600. Called before opening (the file is created 0600, so it
 * is never readable by others even for a moment) and after (the -wal and -shm files SQLite made, which take
 * the main file's mode, and files left 0644 by an older build).
 */
export function makeDatabaseFilesPrivate(file: string): void {
  fs.closeSync(fs.openSync(file, "a", 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) narrow(path, 0o600);
}

function narrow(path: string, mode: number): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(path);
  } catch {
    return; // not there (yet): SQLite creates companions on demand
  }
  // Someone else's folder (DATA_DIR=/tmp, say) is not ours to change; everything we create is.
  if (typeof process.getuid === "function" && stat.uid !== process.getuid()) return;
  if ((stat.mode & 0o777) !== mode) fs.chmodSync(path, mode);
}

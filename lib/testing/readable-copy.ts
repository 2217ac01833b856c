import { chmodSync, cpSync, lstatSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

/**
 * A copy of some folders of `source` that every user may read (folders 0755, files o+r, executables
 * o+x), at `parent/name`, made once and reused. Why: as root the test PostgreSQL runs as another user,
 * who cannot reach binaries inside a checkout under a folder only root may enter (/root, `mktemp -d`).
 *
 * Safe for parallel processes (a unit run and an e2e run at once): each copies into a staging folder of
 * its own and renames it into place, which is atomic; the loser drops its copy and uses the winner's.
 * `parent` is shared (the temp folder), so a folder found there is used only if it is ours and nobody
 * else may write in it: a planted one would have us run another user's binaries.
 */
export function readableCopy(source: string, parts: readonly string[], parent: string, name: string): string {
  const target = path.join(parent, name);
  if (!exists(target)) {
    const staging = mkdtempSync(path.join(parent, `${name}.staging-`));
    try {
      for (const part of parts) {
        // verbatimSymlinks: the package's relative library links (libpq.so.5 -> libpq.so.5.18) stay relative.
        cpSync(path.join(source, part), path.join(staging, part), { recursive: true, verbatimSymlinks: true });
      }
      openToOthers(staging);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    }
    publishAtomically(staging, target);
  }
  assertOursAndClosed(target);
  return target;
}

/** Renames `staging` to `target`; when another process got there first, drops `staging` and keeps theirs. */
export function publishAtomically(staging: string, target: string): void {
  try {
    renameSync(staging, target);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    // rename(2) onto a non-empty folder: ENOTEMPTY on Linux, EEXIST elsewhere.
    if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
  }
}

/** Folders 0755; files readable by all, executable by all when the owner may execute; nothing writable by others. */
function openToOthers(folder: string): void {
  chmodSync(folder, 0o755);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const entryPath = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      openToOthers(entryPath);
    } else if (entry.isFile()) {
      const mode = lstatSync(entryPath).mode & 0o777;
      const execute = mode & 0o100 ? 0o111 : 0;
      chmodSync(entryPath, (mode | 0o444 | execute) & ~0o022);
    }
    // Symbolic links have no mode of their own: their target is one of the files above.
  }
}

function exists(target: string): boolean {
  try {
    lstatSync(target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

function assertOursAndClosed(target: string): void {
  const stat = lstatSync(target);
  const ours = typeof process.getuid !== "function" || stat.uid === process.getuid();
  if (!stat.isDirectory() || !ours || (stat.mode & 0o022) !== 0) {
    throw new Error(
      `${target} is not a folder of ours that only we may write to; remove it if you did not make it (refusing to run what it holds)`,
    );
  }
}

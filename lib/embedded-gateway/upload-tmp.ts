import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, unlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** A partial upload older than this belongs to a process that died mid-upload. */
const STALE_MS = 60 * 60 * 1000;

export interface UploadTmpDir {
  /** The folder, created on first use. */
  dir(): string;
  dispose(): void;
}

/**
 * Where uploads are received before they are stored. With a database file it is `upload-tmp` in
 * the data folder, swept of stale partial files at start; with an in-memory database (tests) it is
 * a fresh folder under the OS temp folder, made on the first upload and removed on close, so
 * parallel test gateways never share one.
 */
export function prepareUploadTmpDir(opts: { dataDir: string; inMemory: boolean; explicit?: string }): UploadTmpDir {
  if (opts.explicit) {
    const explicit = opts.explicit;
    mkdirSync(explicit, { recursive: true, mode: 0o700 });
    return { dir: () => explicit, dispose() {} };
  }
  if (opts.inMemory) {
    let made: string | null = null;
    return {
      dir: () => (made ??= mkdtempSync(path.join(os.tmpdir(), "gatehouse-uploads-"))),
      dispose: () => {
        if (made) rmSync(made, { recursive: true, force: true });
      },
    };
  }
  const dir = path.join(opts.dataDir, "upload-tmp");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".part")) continue;
    const file = path.join(dir, name);
    try {
      if (now - statSync(file).mtimeMs > STALE_MS) unlinkSync(file);
    } catch {
      // Gone already, or another process's: leave it.
    }
  }
  return { dir: () => dir, dispose() {} };
}

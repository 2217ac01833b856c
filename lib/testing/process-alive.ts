import { readFileSync } from "node:fs";

/**
 * Whether `pid` is a live process. A zombie counts as gone: an orphan's exit may wait for a reaper that a
 * container's first process never is. Linux only (/proc), like the tests that ask.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state !== "Z" && state !== "X";
  } catch {
    return false;
  }
}

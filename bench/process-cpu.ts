/**
 * CPU time of a bench's processes, read from /proc (Linux): a figure that holds on a busy machine, where wall
 * times wander.
 */
import { readdirSync, readFileSync } from "node:fs";

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) out.push(Number(entry));
    } catch {
      // gone
    }
  }
  return out;
}

/** `pid` and every process below it. */
function processTree(pid: number): number[] {
  const all: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift()!;
    all.push(current);
    queue.push(...childrenOf(current));
  }
  return all;
}

/** The deepest process under `pid` whose command line matches (tsx runs the script in a child). */
export function findProcess(pid: number, pattern: RegExp): number {
  let found = 0;
  for (const current of processTree(pid)) {
    let command = "";
    try {
      command = readFileSync(`/proc/${current}/cmdline`, "utf8").replace(/\0/g, " ");
    } catch {
      continue;
    }
    if (pattern.test(command)) found = current;
  }
  return found;
}

/** User + system CPU time of `pid` so far, in ms (NaN for no process). */
export function cpuMs(pid: number): number {
  if (!pid) return NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** CPU time of `pid` and every process below it, in ms. */
export function treeCpuMs(pid: number): number {
  return processTree(pid).reduce((sum, each) => sum + cpuMs(each), 0);
}

import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { isProcessAlive } from "../../../lib/testing/process-alive";

/*
 * Issue 40 item 1: Gatehouse run exactly as its README says (`npm start`, `npm run gateway`, `npm run dev`), and
 * what is left of it after one signal to that top process alone. Shared by server/signals.test.ts and
 * e2e/signals.spec.ts (`npm start` needs the production build). Linux only (/proc), like the supervisor's tests.
 */

const root = path.resolve(__dirname, "..", "..", "..");

export interface NpmScript {
  /** npm's own process: the one a process manager or a person signals. */
  npm: ChildProcess;
  output(): string;
  /** Every process of it seen so far (for killTree, once npm is gone and they would not be found below it). */
  seen: Set<number>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `npm <args>` in the project, with `env` over the caller's environment minus npm's own variables (a test run by
 * `npm test` would otherwise hand the outer npm's settings down). The caller has scrubbed Gatehouse's settings.
 * LOG_LEVEL is info: the tests read the launcher's info lines (ports, pids), whatever level the caller's run logs at.
 */
export function runNpmScript(args: string[], env: Record<string, string>): NpmScript {
  const base = { ...process.env };
  for (const name of Object.keys(base)) if (/^npm_/i.test(name)) delete base[name];
  // npm (the machine's, on PATH) runs its script on the Node running this test, as under a bootstrapped Node.
  base.PATH = `${path.dirname(process.execPath)}${path.delimiter}${base.PATH ?? ""}`;
  const npm: ChildProcess = spawn("npm", args, { cwd: root, env: { ...base, npm_config_update_notifier: "false", LOG_LEVEL: "info", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  npm.stdout!.on("data", (chunk) => (log += String(chunk)));
  npm.stderr!.on("data", (chunk) => (log += String(chunk)));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => npm.once("exit", (code, signal) => resolve({ code, signal })));
  return { npm, output: () => log, seen: new Set(npm.pid ? [npm.pid] : []), exit };
}

/** Every process below `pid` right now, from /proc (children, grandchildren, ...). */
export function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended while we looked
    }
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ")".
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Whether nothing listens on `port` (on 127.0.0.1, where Gatehouse's test instances listen). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * The port a process of the script said it listens on, once it has (`pattern` captures it): the gateways here are
 * started on port 0, so no other process can take their port between a free-port probe and the listen.
 */
export async function portFromOutput(script: NpmScript, pattern: RegExp, deadlineMs: number): Promise<number> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const match = pattern.exec(script.output());
    if (match) return Number(match[1]);
    if (script.npm.exitCode !== null || script.npm.signalCode !== null) throw new Error(`npm ended before saying ${pattern}:\n${script.output()}`);
    if (Date.now() > deadline) throw new Error(`no ${pattern} within ${deadlineMs} ms:\n${script.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What the launcher prints once its embedded gateway listens (server/launcher/supervisor.ts). */
export const SUPERVISED_GATEWAY_PORT = /embedded gateway ready on http:\/\/127\.0\.0\.1:(\d+)\//;

/** Polls until `url` answers with `accept(status)`, or throws with the script's output after `deadlineMs`. */
export async function waitForAnswer(script: NpmScript, url: string, accept: (status: number) => boolean, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
      await response.body?.cancel();
      if (accept(response.status)) return;
    } catch {
      // not listening yet
    }
    if (script.npm.exitCode !== null || script.npm.signalCode !== null) throw new Error(`npm ended before ${url} answered:\n${script.output()}`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${deadlineMs} ms:\n${script.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface AfterSignal {
  /** npm's exit, or null when it had not exited within the deadline. */
  exit: { code: number | null; signal: NodeJS.Signals | null } | null;
  /** npm and every process below it when the signal was sent. */
  tree: number[];
  /** Those still alive at the deadline. */
  left: number[];
  /** The given ports something still listened on at the deadline. */
  busyPorts: number[];
}

/**
 * Sends `signal` to npm alone (not its process group, as systemd's KillMode=mixed, `docker stop` or `kill <pid>`
 * do), then gives npm and everything below it `deadlineMs` to be gone and the ports to be free.
 */
export async function signalNpmAlone(script: NpmScript, signal: NodeJS.Signals, ports: number[], deadlineMs = 5_000): Promise<AfterSignal> {
  const npmPid = script.npm.pid!;
  const tree = [npmPid, ...descendantsOf(npmPid)];
  for (const pid of tree) script.seen.add(pid);
  const deadline = Date.now() + deadlineMs;
  process.kill(npmPid, signal);
  const exit = await Promise.race([script.exit, new Promise<null>((resolve) => setTimeout(() => resolve(null), deadlineMs))]);
  while (Date.now() < deadline && tree.some(isProcessAlive)) await new Promise((resolve) => setTimeout(resolve, 50));
  const left = tree.filter(isProcessAlive);
  const busy = await Promise.all(ports.map(async (port) => ((await portIsFree(port)) ? null : port)));
  return { exit, tree, left, busyPorts: busy.filter((port): port is number => port !== null) };
}

/** After a test: SIGKILL whatever of a script's tree is still alive, so a failed test leaves nothing running. */
export function killTree(script: NpmScript): void {
  const pid = script.npm.pid;
  if (!pid) return;
  for (const each of new Set([...descendantsOf(pid), ...script.seen])) {
    try {
      process.kill(each, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

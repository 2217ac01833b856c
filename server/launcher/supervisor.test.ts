import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "@/lib/testing/free-port";
import { isProcessAlive as isAlive } from "@/lib/testing/process-alive";

/*
 * Issue 24 item 6: `npm start` supervises its two children. A real launcher process (test-fixtures/launcher.ts:
 * the supervisor with the real embedded gateway started as server/start.ts starts it, in front of a stand-in
 * dashboard server that relays each request to the gateway), real signals, real process ids.
 */

const LAUNCHER = path.join(__dirname, "test-fixtures", "launcher.ts");

interface Launched {
  child: ChildProcess;
  port: number;
  output(): string;
  /** The gateway's pids in the order they said they were ready. */
  gatewayPids(): number[];
  dashboardPid(): number | null;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running: Launched[] = [];
const dataDirs: string[] = [];

afterEach(() => {
  for (const launched of running.splice(0)) {
    for (const pid of [launched.child.pid, ...launched.gatewayPids(), launched.dashboardPid()]) {
      if (pid && isAlive(pid)) process.kill(pid, "SIGKILL");
    }
  }
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function waitFor<T>(what: string, probe: () => T | Promise<T>, deadlineMs: number): Promise<NonNullable<T>> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function launch(extraEnv: Record<string, string> = {}): Promise<Launched> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-supervisor-"));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ["--import", "tsx", LAUNCHER], {
    // The test runner's environment holds no Gatehouse setting (lib/testing/vitest-setup.ts scrubs them).
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), EMBEDDED_GATEWAY_DEMO_FILES: "20", EMBEDDED_GATEWAY_CORPUS: "fixed", ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (chunk) => (log += String(chunk)));
  child.stderr!.on("data", (chunk) => (log += String(chunk)));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const pids = (pattern: RegExp) => [...log.matchAll(pattern)].map((match) => Number(match[1]));
  const launched: Launched = {
    child,
    port,
    output: () => log,
    gatewayPids: () => pids(/embedded gateway (?:ready|back) on \S+ \(pid (\d+)\)/g),
    dashboardPid: () => pids(/dashboard server started \(pid (\d+)\)/g)[0] ?? null,
    exit,
  };
  running.push(launched);
  return launched;
}

/** What a request through the stand-in dashboard gets: the gateway's status, 502 when it cannot reach it, 0 when the dashboard is not listening. */
async function throughDashboard(launched: Launched): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${launched.port}/`, { signal: AbortSignal.timeout(2_000) })).status;
  } catch {
    return 0;
  }
}

async function launchAndServe(extraEnv: Record<string, string> = {}): Promise<Launched> {
  const launched = await launch(extraEnv);
  await waitFor(`a request through the dashboard answered 200\n${launched.output()}`, async () => (await throughDashboard(launched)) === 200, 30_000);
  return launched;
}

function lastGatewayPid(launched: Launched): number {
  const pids = launched.gatewayPids();
  return pids[pids.length - 1];
}

describe("npm start's supervisor", () => {
  it("starts a gateway killed with SIGKILL again, on the same port with the same keys, and SIGTERM stops everything", async () => {
    const launched = await launchAndServe();
    const first = lastGatewayPid(launched);
    const dashboard = launched.dashboardPid()!;

    process.kill(first, "SIGKILL");
    // Back within 10 s, and a request through the dashboard (with the keys it was started with) works again.
    await waitFor("the gateway came back", () => launched.gatewayPids().length === 2, 10_000);
    await waitFor("a request through the dashboard works again", async () => (await throughDashboard(launched)) === 200, 10_000);
    expect(launched.output()).toMatch(/the embedded gateway stopped unexpectedly \(signal SIGKILL[^)]*\); restarting it in 0\.1 s/);
    expect(isAlive(first)).toBe(false);
    expect(launched.dashboardPid()).toBe(dashboard);
    expect(isAlive(dashboard)).toBe(true);

    launched.child.kill("SIGTERM");
    // Both gone within 5 s: the grace period is 4 s, then SIGKILL.
    const exited = await Promise.race([launched.exit, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000))]);
    expect(exited?.code).toBe(0);
    for (const pid of [lastGatewayPid(launched), dashboard]) expect(isAlive(pid)).toBe(false);
  }, 60_000);

  it("stops everything with a non-zero code when the gateway dies 5 times within the window, leaving no process", async () => {
    const launched = await launchAndServe();
    for (let kill = 1; kill <= 5; kill++) {
      await waitFor(`gateway start ${kill}`, () => launched.gatewayPids().length === kill, 20_000);
      process.kill(lastGatewayPid(launched), "SIGKILL");
    }
    const { code } = await launched.exit;
    expect(code).toBe(1);
    expect(launched.output()).toMatch(/the embedded gateway stopped 5 times within 600 s \(last: signal SIGKILL[^)]*\); stopping Gatehouse/);
    // After four restarts (0.1, 0.2, 0.4, 0.8 s apart) there is no fifth.
    expect(launched.gatewayPids()).toHaveLength(5);
    for (const pid of [...launched.gatewayPids(), launched.dashboardPid()!]) expect(isAlive(pid)).toBe(false);
  }, 120_000);

  it("stops the gateway and exits non-zero when the dashboard server dies", async () => {
    const launched = await launchAndServe();
    process.kill(launched.dashboardPid()!, "SIGKILL");
    const { code } = await launched.exit;
    expect(code).toBe(1);
    expect(launched.output()).toMatch(/the dashboard server stopped unexpectedly \(signal SIGKILL[^)]*\); stopping the embedded gateway/);
    expect(isAlive(lastGatewayPid(launched))).toBe(false);
  }, 60_000);

  it("leaves no child behind when the launcher itself is killed with SIGKILL", async () => {
    const launched = await launchAndServe();
    const children = [lastGatewayPid(launched), launched.dashboardPid()!];
    launched.child.kill("SIGKILL");
    await launched.exit;
    await waitFor("both children ended with their launcher", () => children.every((pid) => !isAlive(pid)), 10_000);
  }, 60_000);

  it("kills a child that ignores SIGTERM after the grace period", async () => {
    const launched = await launchAndServe({ TEST_STOP_GRACE_MS: "300" });
    const dashboard = launched.dashboardPid()!;
    // A stopped process cannot run its SIGTERM handler: only SIGKILL ends it.
    process.kill(dashboard, "SIGSTOP");
    launched.child.kill("SIGTERM");
    expect((await launched.exit).code).toBe(0);
    expect(isAlive(dashboard)).toBe(false);
    expect(isAlive(lastGatewayPid(launched))).toBe(false);
  }, 60_000);

  it("does not restart a gateway that fails on its first start (a bad setting), and starts no dashboard", async () => {
    const launched = await launch({ EMBEDDED_GATEWAY_RATE_LIMIT: "lots" });
    const { code } = await launched.exit;
    expect(code).toBe(1);
    expect(launched.output()).toContain("EMBEDDED_GATEWAY_RATE_LIMIT must be an integer");
    expect(launched.output()).toMatch(/the embedded gateway failed to start \(exit code 1\)/);
    expect(launched.gatewayPids()).toEqual([]);
    expect(launched.dashboardPid()).toBeNull();
  }, 60_000);
});

import { isProcessAlive } from "../lib/testing/process-alive";
import { expect, test } from "./fixtures";
import { startAppInstance } from "./support/app-instance";

/*
 * Issue 24 item 6 with the real `npm start` (server/start.ts, the production build): the embedded gateway is a
 * supervised child. server/launcher/supervisor.test.ts covers the rules (crash limit, a dying dashboard server,
 * a killed launcher) with a stand-in dashboard; this checks the real wiring once.
 */

async function healthStatus(port: number): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(3_000) })).status;
  } catch {
    return 0;
  }
}

function pids(output: string, pattern: RegExp): number[] {
  return [...output.matchAll(pattern)].map((match) => Number(match[1]));
}

test("a gateway killed with SIGKILL is started again and the dashboard answers healthy; SIGTERM stops both, exit code 0", async () => {
  test.setTimeout(180_000);
  const instance = await startAppInstance({});
  try {
    const gatewayPids = () => pids(instance.output(), /embedded gateway (?:ready|back) on \S+ \(pid (\d+)\)/g);
    const [dashboard] = pids(instance.output(), /dashboard server started \(pid (\d+)\)/g);
    const [first] = gatewayPids();
    expect(first).toBeGreaterThan(0);

    process.kill(first, "SIGKILL");
    await expect.poll(() => gatewayPids().length, { timeout: 10_000 }).toBe(2);
    // The dashboard server was not restarted, and its settings (the gateway's port and keys) still hold.
    await expect.poll(() => healthStatus(instance.port), { timeout: 10_000 }).toBe(200);
    expect(instance.output()).toMatch(/the embedded gateway stopped unexpectedly \(signal SIGKILL/);
    expect(isProcessAlive(dashboard)).toBe(true);

    process.kill(instance.pid, "SIGTERM");
    expect(await Promise.race([instance.exited, new Promise((resolve) => setTimeout(() => resolve("still running"), 5_000))])).toBe(0);
    for (const pid of [...gatewayPids(), dashboard]) expect(isProcessAlive(pid)).toBe(false);
  } finally {
    await instance.stop();
  }
});

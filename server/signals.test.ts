import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "@/lib/testing/free-port";
import { killTree, portFromOutput, runNpmScript, signalNpmAlone, SUPERVISED_GATEWAY_PORT, waitForAnswer, type NpmScript } from "./launcher/test-fixtures/npm-script";

/*
 * Issue 40 item 1: `npm run gateway` and `npm run dev` run exactly as the README says stop every process of theirs
 * within 5 s when npm alone is signalled, as a process manager does, and free their ports. `npm start` (it needs
 * the production build): e2e/signals.spec.ts. The supervisor's own rules: launcher/supervisor.test.ts.
 */

const running: NpmScript[] = [];
const dataDirs: string[] = [];

afterEach(() => {
  for (const script of running.splice(0)) killTree(script);
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-signals-"));
  dataDirs.push(dir);
  return dir;
}

/** The settings every run here gets: its own data folder and ports, a small demo, no settings file. */
function settings(extra: Record<string, string>): Record<string, string> {
  return { DATA_DIR: dataDir(), GATEHOUSE_ENV_FILE: "none", EMBEDDED_GATEWAY_DEMO_FILES: "20", EMBEDDED_GATEWAY_CORPUS: "fixed", ...extra };
}

describe("npm run gateway", () => {
  it.each([
    // npm forwards SIGTERM and SIGINT to its script and exits with its code.
    ["SIGTERM", { code: 0, signal: null }],
    ["SIGINT", { code: 0, signal: null }],
    // npm does not handle SIGHUP and dies of it (so its own exit says so); the gateway sees npm go and stops.
    ["SIGHUP", { code: null, signal: "SIGHUP" }],
  ] as const)("stops every process of it within 5 s on %s to npm alone, and frees its port", async (signal, exit) => {
    const script = runNpmScript(["run", "gateway"], settings({ GATEWAY_PORT: "0" }));
    running.push(script);
    const port = await portFromOutput(script, /embedded gateway listening on http:\/\/127\.0\.0\.1:(\d+)\//i, 60_000);
    // Any answer will do (401 without a key): it listens.
    await waitForAnswer(script, `http://127.0.0.1:${port}/api/v1/models`, () => true, 60_000);

    const after = await signalNpmAlone(script, signal, [port]);
    // npm and the gateway's node, nothing between them (the script execs node: a shell in between kept the signal).
    expect(after.tree.length).toBeGreaterThanOrEqual(2);
    expect(after.exit, script.output()).toEqual(exit);
    expect(after.left).toEqual([]);
    expect(after.busyPorts).toEqual([]);
  }, 90_000);
});

describe("npm run dev", () => {
  it("stops the launcher, the embedded gateway and the dashboard server within 5 s on SIGTERM to npm alone, with exit code 0", async () => {
    const appPort = await freePort();
    const script = runNpmScript(["run", "dev"], settings({ PORT: String(appPort), GATEWAY_PORT: "0" }));
    running.push(script);
    const gatewayPort = await portFromOutput(script, SUPERVISED_GATEWAY_PORT, 120_000);
    // Next compiles the route on its first request in dev: slow on a loaded machine.
    await waitForAnswer(script, `http://127.0.0.1:${appPort}/api/health`, (status) => status === 200, 180_000);

    const after = await signalNpmAlone(script, "SIGTERM", [appPort, gatewayPort]);
    // npm, the launcher, the gateway and the dashboard server at least (and tsx's esbuild services).
    expect(after.tree.length).toBeGreaterThanOrEqual(4);
    expect(after.exit, script.output()).toEqual({ code: 0, signal: null });
    expect(after.left).toEqual([]);
    expect(after.busyPorts).toEqual([]);
  }, 240_000);
});

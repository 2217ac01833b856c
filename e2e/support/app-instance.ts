import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../lib/testing/free-port";


/** The machine's first non-loopback IPv4 address, or null on a machine with only loopback. */
export function externalAddress(): string | null {
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === "IPv4" && !entry.internal) return entry.address;
  }
  return null;
}

export interface AppInstance {
  port: number;
  /** The launcher's (server/start.ts) process id. */
  pid: number;
  /** Settles with the launcher's exit code once it has exited. */
  exited: Promise<number | null>;
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * A second Gatehouse started exactly as a person would (`npm start`, i.e. server/start.ts, reusing the
 * production build), in its own data folder and on free ports, for tests about how the server is exposed.
 */
export async function startAppInstance(env: Record<string, string | undefined>): Promise<AppInstance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-instance-"));
  // LOG_LEVEL info: the specs read the launcher's info lines (pids, ports), whatever level the suite logs at.
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), GATEWAY_PORT: "0", DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1", LOG_LEVEL: "info" };
  for (const name of ["HOSTNAME", "GATEWAY_URL", "GATEWAY_API_KEY", "GATEWAY_MANAGEMENT_KEY", "DEMO_PASSWORD", "AUTH_SECRET", "EMBEDDED_GATEWAY_FAULTS"]) {
    delete childEnv[name];
  }
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  const child: ChildProcess = spawn(process.execPath, [path.resolve(__dirname, "../../server/launch.mjs")], {
    cwd: path.resolve(__dirname, "../.."),
    env: childEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let log = "";
  child.stdout?.on("data", (chunk) => (log += String(chunk)));
  child.stderr?.on("data", (chunk) => (log += String(chunk)));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the instance exited early:\n${log}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the instance did not become healthy:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { port, pid: child.pid!, exited, dataDir, output: () => log, stop };
}

import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "..");

/**
 * Starts the production app through `scripts/start.ts` (building first when the sources changed) in its own
 * process group, passing on only the lines that say something went wrong or that a build is running.
 */
export function startAppProcess(env: Record<string, string>, log: (line: string) => void): ChildProcess {
  const child = spawn(process.execPath, [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "scripts/start.ts"], {
    cwd: root,
    env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (/error|building|fail/i.test(line)) log(`[app] ${line}`);
  };
  child.stdout?.on("data", forward);
  child.stderr?.on("data", forward);
  return child;
}

export async function stopAppProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // The launcher runs Next as its own child; signalling the group stops both.
  process.kill(-child.pid, "SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
}

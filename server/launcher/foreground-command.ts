import { spawn, type SpawnOptions } from "node:child_process";
import { onStopRequest } from "./stop-request";

/**
 * Runs a command to its end with the terminal (the launcher's first-start `next build`, minutes long), passing a
 * stop request on to it: under spawnSync the launcher could run no handler, died of the SIGTERM, and left the
 * build running on its own. Resolves with the command's exit code; after a requested stop the launcher ends
 * with 0 once the command has ended.
 */
export async function runInForeground(command: string, args: string[], options: Omit<SpawnOptions, "stdio">): Promise<number> {
  const child = spawn(command, args, { ...options, stdio: "inherit" });
  let stopped = false;
  const unwatch = onStopRequest(() => {
    stopped = true;
    child.kill("SIGTERM");
  });
  const code = await new Promise<number>((resolve) => {
    child.once("exit", (exitCode) => resolve(exitCode ?? 1));
    child.once("error", () => resolve(1));
  });
  unwatch();
  if (stopped) process.exit(0);
  return code;
}

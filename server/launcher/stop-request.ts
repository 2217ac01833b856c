/**
 * What asks a Gatehouse process to stop: the signals process managers and terminals send, and, for a process
 * run by one of Gatehouse's npm scripts, npm itself going away.
 *
 * - SIGTERM (systemd, `docker stop`, pm2, Kubernetes), SIGINT (Ctrl-C) and SIGHUP (the terminal closed) are a
 *   requested stop: the process ends cleanly with exit code 0, so a process manager does not count it as a
 *   failure (systemd would otherwise log 143 as "failed" unless told SuccessExitStatus=143).
 * - npm forwards SIGTERM and SIGINT to its script (and exits with the script's code) but not SIGHUP, and nothing
 *   when it is killed: a launcher whose npm is gone would keep running under PID 1 with its children. So under
 *   `npm start`, `npm run gateway` and `npm run dev` (npm_lifecycle_event) the process watches its parent and
 *   stops once it changed. Only then: a launcher started by a script of its own, in the background (`node
 *   server/launch.mjs &`), must outlive that script.
 */

/** The signals that stop a Gatehouse process cleanly (exit code 0). */
const STOP_SIGNALS: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/** package.json's scripts that run Gatehouse: under them, npm is the process a manager or a person signals. */
const NPM_SCRIPTS = new Set(["start", "gateway", "dev"]);

/** How often the parent is looked at: with the supervisor's 4 s grace, everything is gone within 5 s of npm. */
const PARENT_POLL_MS = 400;

/**
 * Calls `stop` once, on the first stop signal, or when the npm that ran this process is gone. A supervised
 * child (it has an IPC channel to its launcher) is left to server/launcher/exit-with-parent.ts for the latter.
 * Returns what takes the watch off again (a step that hands over to another's watch).
 */
export function onStopRequest(stop: () => void): () => void {
  let requested = false;
  const once = () => {
    if (requested) return;
    requested = true;
    stop();
  };
  for (const signal of STOP_SIGNALS) process.on(signal, once);
  let timer: NodeJS.Timeout | undefined;
  if (!process.send && NPM_SCRIPTS.has(process.env.npm_lifecycle_event ?? "")) {
    const parent = process.ppid;
    timer = setInterval(() => {
      if (process.ppid === parent) return;
      clearInterval(timer);
      once();
    }, PARENT_POLL_MS);
    timer.unref();
  }
  return () => {
    for (const signal of STOP_SIGNALS) process.off(signal, once);
    clearInterval(timer);
  };
}

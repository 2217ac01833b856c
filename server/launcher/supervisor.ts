import { spawn, type ChildProcess } from "node:child_process";
import { isGatewayReady, type GatewayReady } from "./ready-message";
import { restartPolicy } from "./restart-policy";
import { onStopRequest } from "./stop-request";
import { loggerFor } from "@/lib/observability/logger";

const launcherLog = loggerFor("launcher");

/**
 * The supervisor behind `npm start` (server/start.ts): the embedded gateway and the dashboard server run as
 * two child processes of the launcher, so that one of them dying (the gateway running out of memory on one
 * hostile request, say) neither takes the launcher down nor leaves the other running alone.
 *
 * - The gateway is started first and the dashboard only once the gateway said it listens (its ready message
 *   over the IPC channel, with its port and keys). If it exits unexpectedly it is started again on the same
 *   port with the same keys, after a growing pause (0.5 s, 1 s, 2 s ... reset once it stayed up a while), so
 *   the dashboard's settings stay valid; dying too often in a window stops everything with a non-zero code.
 * - If the dashboard server exits unexpectedly the gateway is stopped and the launcher exits non-zero.
 * - stop() (SIGINT, SIGTERM, SIGHUP, or npm gone: ./stop-request.ts) asks both to end, then kills what is left
 *   after a grace period.
 * Each child also ends by itself when the launcher disappears (server/launcher/exit-with-parent.ts): its IPC
 * channel closes, even when the launcher was killed with SIGKILL and could not stop anything.
 */

export interface ChildCommand {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
}

export interface SupervisorOptions {
  /**
   * The gateway's command. `previous` is what the last run said when it was ready (null on the first start):
   * a restart must reuse its port and keys. Absent when Gatehouse uses a gateway of its own (GATEWAY_URL).
   */
  gateway?(previous: GatewayReady | null): ChildCommand;
  /** The dashboard server's command, given what the embedded gateway said once it was ready (null without one). */
  dashboard(gateway: GatewayReady | null): ChildCommand;
  log?: (line: string) => void;
  /** First pause before a restart; it doubles with every crash in a row (default 500 ms). */
  restartDelayMs?: number;
  /** The longest pause between restarts (default 8 s). */
  maxRestartDelayMs?: number;
  /** A gateway that stayed up this long starts again with the shortest pause (default 30 s). */
  stableAfterMs?: number;
  /** This many gateway crashes within crashWindowMs stop everything (default 5 within 60 s). */
  maxCrashes?: number;
  crashWindowMs?: number;
  /** How long a gateway may take to say it is ready before it counts as failed (default 120 s: a first start seeds demo data). */
  readyTimeoutMs?: number;
  /** After stop() asked politely, how long before SIGKILL (default 4 s, so both are gone within 5 s). */
  stopGraceMs?: number;
}

export interface Supervisor {
  /** Settles with the exit code the launcher should end with, once no child is left. */
  readonly done: Promise<number>;
  /** Stops both children (politely, then by force) and settles `done` with `code`. */
  stop(code: number): Promise<number>;
}

/** "exit code 1", "signal SIGKILL": why a child ended, for the log. */
function exitCause(code: number | null, signal: NodeJS.Signals | null): string {
  if (signal) return `signal ${signal}${signal === "SIGKILL" ? ", e.g. killed for running out of memory" : ""}`;
  return `exit code ${code ?? "unknown"}`;
}

function launch(command: ChildCommand): ChildProcess {
  // stdin is not the terminal's: the children must not compete for it; the IPC channel carries the ready
  // message and tells the child when the launcher is gone.
  return spawn(command.command, command.args, { cwd: command.cwd, env: command.env, stdio: ["ignore", "inherit", "inherit", "ipc"] });
}

function isRunning(child: ChildProcess | null): child is ChildProcess {
  return child !== null && child.exitCode === null && child.signalCode === null;
}

export function startSupervisor(options: SupervisorOptions): Supervisor {
  const log = options.log ?? ((line: string) => launcherLog.info(line));
  const restartDelayMs = options.restartDelayMs ?? 500;
  const maxRestartDelayMs = options.maxRestartDelayMs ?? 8_000;
  const stableAfterMs = options.stableAfterMs ?? 30_000;
  const maxCrashes = options.maxCrashes ?? 5;
  const crashWindowMs = options.crashWindowMs ?? 60_000;
  const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  const stopGraceMs = options.stopGraceMs ?? 4_000;

  let gateway: ChildProcess | null = null;
  let dashboard: ChildProcess | null = null;
  let ready: GatewayReady | null = null;
  const onCrash = restartPolicy({ restartDelayMs, maxRestartDelayMs, stableAfterMs, maxCrashes, crashWindowMs });
  let restartTimer: NodeJS.Timeout | null = null;
  let stopping: Promise<number> | null = null;
  let settle: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (settle = resolve));

  function startGateway(command: (previous: GatewayReady | null) => ChildCommand) {
    const child = launch(command(ready));
    gateway = child;
    const startedAt = Date.now();
    let readyHere = false;
    const readyTimer = setTimeout(() => {
      log(`the embedded gateway did not become ready within ${Math.round(readyTimeoutMs / 1000)} s; killing it`);
      child.kill("SIGKILL");
    }, readyTimeoutMs);

    child.on("message", (message: unknown) => {
      if (readyHere || !isGatewayReady(message)) return;
      readyHere = true;
      clearTimeout(readyTimer);
      if (ready && (message.port !== ready.port || message.apiKey !== ready.apiKey || message.managementKey !== ready.managementKey)) {
        // The dashboard was started with the first run's address and keys: it could not talk to this one.
        log("the restarted embedded gateway came back on another port or with other keys; stopping");
        void stop(1);
        return;
      }
      const first = ready === null;
      ready = message;
      if (first) {
        log(`embedded gateway ready on ${message.baseUrl} (pid ${child.pid})`);
        if (!stopping) startDashboard(message);
      } else {
        log(`embedded gateway back on ${message.baseUrl} (pid ${child.pid})`);
      }
    });

    child.on("exit", (code, signal) => {
      clearTimeout(readyTimer);
      if (gateway === child) gateway = null;
      if (stopping) return;
      const cause = exitCause(code, signal);
      if (ready === null) {
        // Never ready on its first start: a setting or the data folder is wrong, and starting again would fail alike.
        log(`the embedded gateway failed to start (${cause}); see its output above`);
        void stop(1);
        return;
      }
      // A run that never became ready counts as up for no time, so its pause keeps growing.
      const decision = onCrash(Date.now(), readyHere ? Date.now() - startedAt : 0);
      const window = `${Math.round(crashWindowMs / 1000)} s`;
      if (!decision.restart) {
        log(`the embedded gateway stopped ${decision.crashesInWindow} times within ${window} (last: ${cause}); stopping Gatehouse. Its output above says why.`);
        void stop(1);
        return;
      }
      log(
        `the embedded gateway stopped unexpectedly (${cause}); restarting it in ${decision.delayMs / 1000} s ` +
          `(${decision.crashesInWindow} of ${maxCrashes} allowed within ${window})`,
      );
      restartTimer = setTimeout(() => {
        restartTimer = null;
        if (!stopping) startGateway(command);
      }, decision.delayMs);
    });
    child.on("error", (error) => {
      // Spawning itself failed (no node binary, say): no exit event follows when there was no process.
      if (child.pid === undefined) {
        log(`could not start the embedded gateway: ${error.message}`);
        void stop(1);
      }
    });
  }

  function startDashboard(gatewayReady: GatewayReady | null) {
    const child = launch(options.dashboard(gatewayReady));
    dashboard = child;
    log(`dashboard server started (pid ${child.pid})`);
    child.on("exit", (code, signal) => {
      if (dashboard === child) dashboard = null;
      if (stopping) return;
      log(`the dashboard server stopped unexpectedly (${exitCause(code, signal)}); stopping the embedded gateway`);
      void stop(code && code !== 0 ? code : 1);
    });
    child.on("error", (error) => {
      if (child.pid === undefined) {
        log(`could not start the dashboard server: ${error.message}`);
        void stop(1);
      }
    });
  }

  async function stopChild(child: ChildProcess | null): Promise<void> {
    if (!isRunning(child)) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => {
      if (isRunning(child)) child.kill("SIGKILL");
    }, stopGraceMs);
    await exited;
    clearTimeout(timer);
  }

  function stop(code: number): Promise<number> {
    stopping ??= (async () => {
      if (restartTimer) clearTimeout(restartTimer);
      await Promise.all([stopChild(dashboard), stopChild(gateway)]);
      settle(code);
      return code;
    })();
    return stopping;
  }

  if (options.gateway) startGateway(options.gateway);
  else startDashboard(null);
  return { done, stop };
}

/**
 * The launcher's end: a requested stop (./stop-request.ts) stops the children and exits 0; otherwise the process
 * exits with the supervisor's code (non-zero when a child failed).
 */
export async function exitWithSupervisor(supervisor: Supervisor): Promise<never> {
  onStopRequest(() => void supervisor.stop(0));
  process.exit(await supervisor.done);
}

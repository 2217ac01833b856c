/**
 * What every bench needs and none should write again: its processes (the app through server/start.ts, the
 * embedded gateway, helpers), free ports, waiting for health, signing in, a headless Chromium, percentiles
 * and writing bench/results/<name>.json.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { chromiumLaunchOptions } from "../scripts/chromium";
import { freePort } from "../lib/testing/free-port";

export { freePort };

export const root = path.resolve(__dirname, "..");
const TSX = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
const NEXT = path.join(root, "node_modules", "next", "dist", "bin", "next");

export type Log = (message: string) => void;

export function benchLog(bench: string): Log {
  return (message) => console.log(`${bench}: ${message}`);
}

/** Runs a bench's main and turns a failure into a message and exit code 1. */
export function runBench(bench: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(`${bench}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  });
}

// ---------------------------------------------------------------------------------------------
// Ports and processes

/**
 * Runs a TypeScript entry point with tsx in its own process group (tsx and Next start children of their
 * own; stopProcess signals the whole group), passing on only the lines that say something went wrong or
 * that a build is running.
 */
export function launchTsx(name: string, args: string[], env: Record<string, string>, log: Log): ChildProcess {
  const child = spawn(process.execPath, [TSX, ...args], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (/error|building|fail|must be|invalid/i.test(line)) log(`[${name}] ${line}`);
  };
  child.stdout?.on("data", forward);
  child.stderr?.on("data", forward);
  return child;
}

/** The first stdout line of `child` matching `pattern` (how a process started on port 0 says where it is). */
export function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs = 120_000): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) finish(() => resolve(match));
    };
    const onExit = (code: number | null) => finish(() => reject(new Error(`the process exited with code ${code} before printing ${pattern}`)));
    const timer = setTimeout(() => finish(() => reject(new Error(`no output matching ${pattern} within ${timeoutMs} ms`))), timeoutMs);
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.off("exit", onExit);
      settle();
    };
    child.stdout?.on("data", onData);
    child.once("exit", onExit);
  });
}

export async function stopProcess(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid, "SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGKILL");
}

/** Polls `url` until it answers below 500; fails early when `child` exits. */
export async function waitForHttp(url: string, child: ChildProcess | null, init: RequestInit = {}, deadlineMs = 15 * 60_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < deadlineMs) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url, init)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer in time`);
}

// ---------------------------------------------------------------------------------------------
// The app and the embedded gateway

export interface AppProcess {
  child: ChildProcess;
  /** http://localhost:<port> */
  baseUrl: string;
}

/**
 * Starts the production app through server/start.ts (which builds first when there is no build in
 * NEXT_DIST_DIR or the sources changed) on a free port, and waits until /api/health answers.
 */
export async function startApp(env: Record<string, string>, log: Log): Promise<AppProcess> {
  const port = await freePort();
  const child = launchTsx("app", ["server/launch.mjs"], { ...env, PORT: String(port) }, log);
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForHttp(`${baseUrl}/api/health`, child);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return { child, baseUrl };
}

/** `next build` into `distDir` with `env` (settings read at build time, such as GATEHOUSE_BENCH_ROUTES). */
export function buildApp(distDir: string, env: Record<string, string>, log: Log): void {
  log(`building the app into ${distDir}…`);
  const result = spawnSync(process.execPath, [NEXT, "build"], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env, NEXT_DIST_DIR: distDir },
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (result.status !== 0) throw new Error(`next build into ${distDir} failed`);
}

export interface GatewayProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port>/api/v1 */
  baseUrl: string;
}

/**
 * The settings a bench's embedded gateway starts with: fixed keys (the bench passes them to the app too),
 * a 5,000-file demo workspace, no request limit worth the name (the bench measures, not the limiter), and
 * the debug and fault routes (counters, injected latency). `extra` adds or overrides.
 */
export function benchGatewayEnv(dataDir: string, keys: { api: string; management: string }, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    EMBEDDED_GATEWAY_API_KEY: keys.api,
    EMBEDDED_GATEWAY_MANAGEMENT_KEY: keys.management,
    EMBEDDED_GATEWAY_DEMO_FILES: "5000",
    EMBEDDED_GATEWAY_RATE_LIMIT: "1000000",
    EMBEDDED_GATEWAY_FAULTS: "1",
    ...extra,
  };
}

/** The embedded gateway on its own (server/embedded-gateway.ts) on a port the OS picks. */
export async function startGateway(env: Record<string, string>, log: Log): Promise<GatewayProcess> {
  const child = launchTsx("gateway", ["server/embedded-gateway.ts"], { ...env, GATEWAY_PORT: "0" }, log);
  try {
    // The gateway logs a JSON line when not on a terminal: the URL ends at the closing quote.
    const [, baseUrl] = await waitForOutput(child, /listening on ([^\s"]+)/);
    return { child, baseUrl };
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
}

/** Adds a password account to the app's database in `dataDir` through `npm run user`. */
export function addUser(
  dataDir: string,
  user: { email: string; password: string; role: "viewer" | "editor" | "admin" },
  /** DATABASE_URL: the user goes into that PostgreSQL instead of DATA_DIR's SQLite file. */
  env: Record<string, string> = {},
): void {
  const added = spawnSync(process.execPath, [TSX, "server/user.ts", "add", user.email, "--role", user.role], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, ...env },
    input: user.password,
    encoding: "utf8",
  });
  if (added.status !== 0) throw new Error(`adding ${user.email} failed: ${added.stderr}`);
}

// ---------------------------------------------------------------------------------------------
// Signing in and the browser

/**
 * Signs in through Auth.js's credentials callback and returns the session cookie (`name=value`). Retries
 * for a while: the embedded mode seeds its demo accounts while the app starts.
 */
export async function signIn(baseUrl: string, credentials: { email: string; password: string }, attempts = 10): Promise<string> {
  let status = 0;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
    const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const response = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
      body: new URLSearchParams({ csrfToken, ...credentials, callbackUrl: "/" }),
    });
    status = response.status;
    const session = response.headers.getSetCookie().find((c) => c.includes("authjs.session-token="));
    if (session) return session.split(";")[0];
  }
  throw new Error(`signing in as ${credentials.email} failed (last status ${status})`);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

/** A browser context at 1280x900, signed in as `credentials`. */
export async function signedInContext(browser: Browser, baseUrl: string, credentials: { email: string; password: string }): Promise<BrowserContext> {
  const cookie = await signIn(baseUrl, credentials);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const split = cookie.indexOf("=");
  await context.addCookies([{ name: cookie.slice(0, split), value: cookie.slice(split + 1), url: baseUrl, httpOnly: true, sameSite: "Lax" }]);
  // tsx (esbuild keepNames) wraps named functions in code passed to page.evaluate with __name(); give the page one.
  await context.addInitScript({ content: "window.__name = (fn) => fn;" });
  return context;
}

// ---------------------------------------------------------------------------------------------
// Figures

/** Nearest-rank percentile (p in 0..100); NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A number for a table: fixed digits, "-" when there is none. */
export function fmt(n: number, digits = 1): string {
  return Number.isFinite(n) ? n.toFixed(digits) : "-";
}

/** Writes bench/results/<name> (pretty JSON) and returns its path relative to the project. */
export function writeResults(name: string, data: unknown): string {
  const dir = path.join(root, "bench", "results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return path.relative(root, file);
}

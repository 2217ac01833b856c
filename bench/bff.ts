/**
 * `npm run bench:bff`: what the BFF adds on top of the gateway.
 *
 * Streams (POST /responses, stream: true, the embedded echo model, ~100 events each) with 1, 10 and
 * 50 concurrent streams, three ways:
 *   direct  - straight to the embedded gateway with the API key,
 *   floor   - through Next with a plain `new Response(upstream.body)` (POST /api/bench/responses-plain),
 *   bff     - through the real relay (POST /api/responses: session, validation, guarded relay).
 * Reported: time to first event (TTFE) p50/p95, and the per-event delay: each event's arrival,
 * measured from the stream's first event, minus the median arrival of the same event directly
 * (so the TTFE shift cancels and only what the relay adds per event remains).
 *
 * GET /api/files throughput against GET /files directly (autocannon, 10 connections), at limit=100 and
 * at the file browser's page size (FILES_PAGE_SIZE), with the CPU each process spends per request.
 *
 * Targets (issue 4): added TTFE p50 <= 5 ms, added per-event delay p50 <= 1 ms, GET throughput >= half
 * of direct. Not a test: it prints a table and writes bench/results/bff.json. Figures depend on load.
 *
 * It starts its own app and gateway (scripts/start.ts: production build, gateway in the launcher
 * process, Next in a child, as `npm start` runs them). Environment:
 *   BENCH_APP_PORT / BENCH_GATEWAY_PORT   ports (default 3191 / 4191)
 *   BENCH_ROUNDS                          streams per concurrency level = rounds x level (default 20,3,2 rounds for 1,10,50)
 *   BENCH_GET_SECONDS                     autocannon duration per target (default 8)
 *   NEXT_DIST_DIR                         production build to use or make (default .next)
 *   BENCH_BASE_URL + BENCH_GATEWAY_URL + BENCH_API_KEY + BENCH_PASSWORD
 *                                         use an instance you started (with GATEHOUSE_BENCH_ROUTES=1) instead;
 *                                         BENCH_NEXT_PID + BENCH_GATEWAY_PID then name its processes for CPU figures
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { FILES_PAGE_SIZE } from "../lib/files/prefetch";

// autocannon ships no types; this is the part of its result we read.
interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require("autocannon") as (opts: Record<string, unknown>) => Promise<CannonResult>;

const root = path.resolve(__dirname, "..");
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3191);
const GATEWAY_PORT = Number(process.env.BENCH_GATEWAY_PORT ?? 4191);
const EXTERNAL = Boolean(process.env.BENCH_BASE_URL);
const BASE = process.env.BENCH_BASE_URL ?? `http://127.0.0.1:${APP_PORT}`;
const GATEWAY = process.env.BENCH_GATEWAY_URL ?? `http://127.0.0.1:${GATEWAY_PORT}/api/v1`;
const API_KEY = process.env.BENCH_API_KEY ?? "bench-bff-api-key-0123456789";
const MANAGEMENT_KEY = "bench-bff-management-key-0123456789";
const PASSWORD = process.env.BENCH_PASSWORD ?? "bench-bff-password";
const GET_SECONDS = Number(process.env.BENCH_GET_SECONDS ?? 8);
const LEVELS: { concurrency: number; rounds: number }[] = (() => {
  const rounds = (process.env.BENCH_ROUNDS ?? "20,3,2").split(",").map(Number);
  return [1, 10, 50].map((concurrency, i) => ({ concurrency, rounds: rounds[i] ?? 2 }));
})();

// ~100 events from the echo model (one per token, 400 tokens/s upstream).
const INPUT = Array.from({ length: 12 }, () => "The gateway relays every event to the browser as it arrives.").join(" ");
const STREAM_BODY = JSON.stringify({ model: "gatehouse/echo", input: INPUT, stream: true });

type Target = "direct" | "floor" | "bff";

function log(message: string) {
  console.log(`bench:bff: ${message}`);
}

// ---------------------------------------------------------------------------------------------
// App lifecycle

async function waitForHealth(child: ChildProcess | null, deadlineMs = 600_000) {
  const started = Date.now();
  while (Date.now() - started < deadlineMs) {
    if (child && child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error("the app did not become healthy in time");
}

function startApp(dataDir: string): ChildProcess {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "scripts/start.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(APP_PORT),
      GATEWAY_PORT: String(GATEWAY_PORT),
      DATA_DIR: dataDir,
      DEMO_PASSWORD: PASSWORD,
      EMBEDDED_GATEWAY_API_KEY: API_KEY,
      EMBEDDED_GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY,
      EMBEDDED_GATEWAY_DEMO_FILES: "5000",
      EMBEDDED_GATEWAY_RATE_LIMIT: "100000000",
      GATEHOUSE_BENCH_ROUTES: "1",
      NEXT_TELEMETRY_DISABLED: "1",
    },
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

async function stopApp(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid, "SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
}

/** Signs the editor in through Auth.js and returns the session cookie. */
async function signIn(): Promise<string> {
  const csrf = await fetch(`${BASE}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const response = await fetch(`${BASE}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
    body: new URLSearchParams({ csrfToken, email: "editor@demo.local", password: PASSWORD, callbackUrl: "/" }),
  });
  const session = response.headers.getSetCookie().find((c) => c.includes("authjs.session-token="));
  if (!session) throw new Error(`signing in failed (${response.status})`);
  return session.split(";")[0];
}

// ---------------------------------------------------------------------------------------------
// CPU time of the app's processes: a figure that holds on a busy machine, where wall times wander.

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) out.push(Number(entry));
    } catch {
      // gone
    }
  }
  return out;
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
}

/** The gateway (the launcher running scripts/start.ts) and the Next server below it. */
function findProcesses(launcher: number): { gateway: number; next: number } | null {
  const queue = [launcher];
  let gateway = 0;
  let next = 0;
  while (queue.length > 0) {
    const pid = queue.shift()!;
    const command = commandOf(pid);
    if (/next-server|next\/dist\/bin\/next/.test(command)) next = pid;
    else if (/scripts\/start\.ts/.test(command) && /loader|preflight/.test(command)) gateway = pid;
    queue.push(...childrenOf(pid));
  }
  return gateway && next ? { gateway, next } : null;
}

/** CPU milliseconds a process has used so far (user + system). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

let processes: { gateway: number; next: number } | null = null;

async function withCpu<T>(work: () => Promise<T>): Promise<{ result: T; nextMs: number; gatewayMs: number }> {
  const before = processes ? { next: cpuMs(processes.next), gateway: cpuMs(processes.gateway) } : null;
  const result = await work();
  if (!processes || !before) return { result, nextMs: NaN, gatewayMs: NaN };
  return { result, nextMs: cpuMs(processes.next) - before.next, gatewayMs: cpuMs(processes.gateway) - before.gateway };
}

// ---------------------------------------------------------------------------------------------
// Streams

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

interface StreamRun {
  ttfe: number;
  /** Arrival of event i measured from the first event's arrival. */
  offsets: number[];
}

function runStream(target: Target, cookie: string): Promise<StreamRun> {
  const url = new URL(target === "direct" ? `${GATEWAY}/responses` : `${BASE}/api/${target === "bff" ? "responses" : "bench/responses-plain"}`);
  const headers: Record<string, string> = { "content-type": "application/json", "accept-encoding": "gzip, deflate, br" };
  if (target === "direct") headers.authorization = `Bearer ${API_KEY}`;
  else Object.assign(headers, { cookie, origin: new URL(BASE).origin });
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const arrivals: number[] = [];
    let pending = "";
    const request = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers, agent }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`${target}: status ${response.statusCode}`));
        response.resume();
        return;
      }
      if (response.headers["content-encoding"]) reject(new Error(`${target}: the stream came ${response.headers["content-encoding"]}-encoded`));
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        const now = performance.now() - started;
        pending += chunk;
        let split: number;
        while ((split = pending.indexOf("\n\n")) >= 0) {
          if (pending.startsWith("data: {")) arrivals.push(now);
          pending = pending.slice(split + 2);
        }
      });
      response.on("end", () => {
        if (arrivals.length === 0) return reject(new Error(`${target}: no events`));
        resolve({ ttfe: arrivals[0], offsets: arrivals.map((t) => t - arrivals[0]) });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(STREAM_BODY);
  });
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

interface StreamStats {
  target: Target;
  concurrency: number;
  streams: number;
  ttfeP50: number;
  ttfeP95: number;
  /** Per-event delay relative to direct (direct's own spread for direct). */
  eventP50: number;
  eventP95: number;
  /** CPU the Next server spent per stream (0 for direct). */
  nextCpuPerStream: number;
}

async function measureLevel(concurrency: number, rounds: number, cookie: string): Promise<StreamStats[]> {
  const runs: Record<Target, StreamRun[]> = { direct: [], floor: [], bff: [] };
  const nextCpu: Record<Target, number> = { direct: 0, floor: 0, bff: 0 };
  const order: Target[] = ["direct", "floor", "bff"];
  for (let round = 0; round < rounds; round++) {
    // Rotate the order so no target always runs on a warmer (or busier) machine.
    const rotated = [...order.slice(round % 3), ...order.slice(0, round % 3)];
    for (const target of rotated) {
      const { result, nextMs } = await withCpu(() => Promise.all(Array.from({ length: concurrency }, () => runStream(target, cookie))));
      runs[target].push(...result);
      nextCpu[target] += nextMs;
    }
  }
  const eventCount = Math.min(...Object.values(runs).flat().map((r) => r.offsets.length));
  const directMedian = Array.from({ length: eventCount }, (_, i) => percentile(runs.direct.map((r) => r.offsets[i]), 50));
  return order.map((target) => {
    const delays = runs[target].flatMap((r) => r.offsets.slice(1, eventCount).map((offset, j) => offset - directMedian[j + 1]));
    return {
      target,
      concurrency,
      streams: runs[target].length,
      ttfeP50: percentile(runs[target].map((r) => r.ttfe), 50),
      ttfeP95: percentile(runs[target].map((r) => r.ttfe), 95),
      eventP50: percentile(delays, 50),
      eventP95: percentile(delays, 95),
      nextCpuPerStream: nextCpu[target] / runs[target].length,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// GET throughput

interface GetStats {
  target: "direct" | "bff";
  limit: number;
  reqPerSec: number;
  latencyP50: number;
  latencyP99: number;
  non2xx: number;
  errors: number;
  nextCpuPerRequest: number;
  gatewayCpuPerRequest: number;
}

async function measureGet(target: "direct" | "bff", limit: number, cookie: string): Promise<GetStats> {
  const { result, nextMs, gatewayMs } = await withCpu(() =>
    autocannon({
      url: target === "direct" ? `${GATEWAY}/files?limit=${limit}` : `${BASE}/api/files?limit=${limit}`,
      connections: 10,
      duration: GET_SECONDS,
      headers: target === "direct" ? { authorization: `Bearer ${API_KEY}` } : { cookie },
    }),
  );
  return {
    target,
    limit,
    nextCpuPerRequest: nextMs / result.requests.total,
    gatewayCpuPerRequest: gatewayMs / result.requests.total,
    reqPerSec: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

// ---------------------------------------------------------------------------------------------

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "-");

async function main() {
  let child: ChildProcess | null = null;
  const dataDir = path.join(root, ".data-bench-bff");
  if (!EXTERNAL) {
    log(`starting the app on ${BASE} (gateway ${GATEWAY}); the first start builds it`);
    child = startApp(dataDir);
  }
  try {
    await waitForHealth(child);
    if (child?.pid) processes = findProcesses(child.pid);
    else if (process.env.BENCH_NEXT_PID && process.env.BENCH_GATEWAY_PID) {
      processes = { next: Number(process.env.BENCH_NEXT_PID), gateway: Number(process.env.BENCH_GATEWAY_PID) };
    }
    if (!processes) log("CPU per request not measured (set BENCH_NEXT_PID and BENCH_GATEWAY_PID for an external app)");
    const cookie = await signIn();
    log("warming up");
    for (const target of ["direct", "floor", "bff"] as const) await Promise.all(Array.from({ length: 5 }, () => runStream(target, cookie)));

    const streams: StreamStats[] = [];
    for (const level of LEVELS) {
      log(`streams: ${level.concurrency} concurrent x ${level.rounds} rounds per target`);
      streams.push(...(await measureLevel(level.concurrency, level.rounds, cookie)));
    }
    const gets: GetStats[] = [];
    for (const limit of [100, FILES_PAGE_SIZE]) {
      log(`GET /files?limit=${limit} throughput, ${GET_SECONDS} s per target`);
      gets.push(await measureGet("direct", limit, cookie), await measureGet("bff", limit, cookie));
    }

    console.log("\nStreams (ms; per-event = each event's delay beyond the direct median for the same event; Next CPU = ms of the Next server's CPU per stream)");
    console.log("conc  target  streams  TTFE p50  TTFE p95  +TTFE p50  per-event p50  per-event p95  Next CPU");
    for (const s of streams) {
      const direct = streams.find((d) => d.concurrency === s.concurrency && d.target === "direct")!;
      console.log(
        `${String(s.concurrency).padStart(4)}  ${s.target.padEnd(6)}  ${String(s.streams).padStart(7)}  ${fmt(s.ttfeP50).padStart(8)}  ${fmt(s.ttfeP95).padStart(8)}  ${(s.target === "direct" ? "" : fmt(s.ttfeP50 - direct.ttfeP50)).padStart(9)}  ${fmt(s.eventP50, 2).padStart(13)}  ${fmt(s.eventP95, 2).padStart(13)}  ${fmt(s.nextCpuPerStream, 2).padStart(8)}`,
      );
    }
    console.log("\nGET /files (autocannon, 10 connections; CPU = ms per request of each process)");
    console.log("limit  target  req/s    p50 ms  p99 ms  non-2xx  errors  Next CPU  gateway CPU");
    for (const g of gets) {
      console.log(
        `${String(g.limit).padStart(5)}  ${g.target.padEnd(6)}  ${fmt(g.reqPerSec, 0).padStart(7)}  ${fmt(g.latencyP50).padStart(6)}  ${fmt(g.latencyP99).padStart(6)}  ${String(g.non2xx).padStart(7)}  ${String(g.errors).padStart(6)}  ${fmt(g.nextCpuPerRequest, 2).padStart(8)}  ${fmt(g.gatewayCpuPerRequest, 2).padStart(11)}`,
      );
    }

    const bff1 = streams.find((s) => s.concurrency === 1 && s.target === "bff")!;
    const direct1 = streams.find((s) => s.concurrency === 1 && s.target === "direct")!;
    const ui = (target: "direct" | "bff") => gets.find((g) => g.limit === FILES_PAGE_SIZE && g.target === target)!;
    const ratio = ui("bff").reqPerSec / ui("direct").reqPerSec;
    const targets = [
      { name: "added TTFE p50 (1 stream) <= 5 ms", value: bff1.ttfeP50 - direct1.ttfeP50, ok: bff1.ttfeP50 - direct1.ttfeP50 <= 5 },
      { name: "added per-event delay p50 (1 stream) <= 1 ms", value: bff1.eventP50, ok: bff1.eventP50 <= 1 },
      { name: `GET /files?limit=${FILES_PAGE_SIZE} (the file browser's page) throughput >= 0.5 x direct`, value: ratio, ok: ratio >= 0.5 },
    ];
    console.log("\nTargets");
    for (const t of targets) console.log(`  ${t.ok ? "PASS" : "MISS"}  ${t.name}: ${fmt(t.value, 2)}`);

    mkdirSync(path.join(root, "bench", "results"), { recursive: true });
    writeFileSync(path.join(root, "bench", "results", "bff.json"), JSON.stringify({ at: new Date().toISOString(), streams, gets, targets }, null, 2));
    log("wrote bench/results/bff.json");
  } finally {
    agent.destroy();
    if (child) await stopApp(child);
    if (!EXTERNAL) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench:bff: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

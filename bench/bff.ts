/**
 * `npm run bench:bff`: what the BFF adds on top of the gateway.
 *
 * Streams (POST /responses, stream: true, the embedded echo model, ~100 events each) with 1, 10 and
 * 50 concurrent streams, three ways:
 *   direct - straight to the embedded gateway with the API key,
 *   floor  - through Next with a plain `new Response(upstream.body)` (POST /api/bench/responses-plain),
 *   bff    - through the real relay (POST /api/responses: session, validation, guarded relay).
 * Reported: time to first event (TTFE) p50/p95 and, per event, its delay from leaving the gateway
 * to reaching the client. For that the app talks to the gateway through a tap (bench/bff-tap.ts,
 * its own process) that notes when each event passed; the delay is the client's arrival time minus
 * that (both on the machine's clock). The tap itself costs ~0.1 ms, counted against floor and bff.
 * Also the Next server's CPU time per stream.
 *
 * GET /api/files against GET /files directly (autocannon, 10 connections), at limit=100 and at the
 * file browser's page size (FILES_PAGE_SIZE), with each process's CPU time per request. For this
 * phase the app is restarted to talk to the gateway directly (no tap).
 *
 * Targets (issue 4): added TTFE p50 <= 5 ms, added per-event delay p50 <= 1 ms, GET throughput >= half
 * of direct. Not a test: it prints a table and writes bench/results/bff.json. Wall-clock figures
 * depend on the machine's load; the CPU figures much less.
 *
 * Processes: the embedded gateway (lib/embedded-gateway/main.ts), the tap, and the app through
 * scripts/start.ts (production build, `next start`) pointed at them with GATEWAY_URL; the bench
 * creates the editor account in the app's database first. Environment:
 *   BENCH_APP_PORT / BENCH_GATEWAY_PORT / BENCH_TAP_PORT   ports (default 3191 / 4191 / 4192)
 *   BENCH_ROUNDS        rounds per concurrency level 1,10,50 (default 20,3,2)
 *   BENCH_GET_SECONDS   autocannon duration per target (default 8)
 *   NEXT_DIST_DIR       production build to use or make (default .next)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { FILES_PAGE_SIZE } from "../lib/files/prefetch";
import { appDbFile, openAppDb } from "../lib/server/app-db";
import { UsersStore } from "../lib/server/users-store";

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
const TAP_PORT = Number(process.env.BENCH_TAP_PORT ?? 4192);
const BASE = `http://127.0.0.1:${APP_PORT}`;
const GATEWAY = `http://127.0.0.1:${GATEWAY_PORT}/api/v1`;
const TAP = `http://127.0.0.1:${TAP_PORT}`;
const API_KEY = "bench-bff-api-key-0123456789";
const MANAGEMENT_KEY = "bench-bff-management-key-0123456789";
const EDITOR = { email: "bench-editor@example.com", password: "bench-bff-password" };
const GET_SECONDS = Number(process.env.BENCH_GET_SECONDS ?? 8);
const LEVELS: { concurrency: number; rounds: number }[] = (() => {
  const rounds = (process.env.BENCH_ROUNDS ?? "20,3,2").split(",").map(Number);
  return [1, 10, 50].map((concurrency, i) => ({ concurrency, rounds: rounds[i] ?? 2 }));
})();
const DATA_DIR = path.join(root, ".data-bench-bff");
const TSX = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");

// ~100 events from the echo model (one per token, 400 tokens/s upstream).
const INPUT = Array.from({ length: 12 }, () => "The gateway relays every event to the browser as it arrives.").join(" ");
const STREAM_BODY = JSON.stringify({ model: "gatehouse/echo", input: INPUT, stream: true });

type Target = "direct" | "floor" | "bff";
const now = () => performance.timeOrigin + performance.now();

function log(message: string) {
  console.log(`bench:bff: ${message}`);
}

// ---------------------------------------------------------------------------------------------
// Processes

function launch(name: string, args: string[], env: Record<string, string>): ChildProcess {
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

async function stop(child: ChildProcess | null) {
  if (!child || child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid, "SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
}

async function waitFor(url: string, child: ChildProcess, init: RequestInit = {}, deadlineMs = 600_000) {
  const started = Date.now();
  while (Date.now() - started < deadlineMs) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url, init)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer in time`);
}

function startApp(gatewayUrl: string): ChildProcess {
  return launch("app", ["scripts/start.ts"], {
    PORT: String(APP_PORT),
    DATA_DIR,
    GATEWAY_URL: gatewayUrl,
    GATEWAY_API_KEY: API_KEY,
    GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY,
    GATEHOUSE_BENCH_ROUTES: "1",
  });
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
    body: new URLSearchParams({ csrfToken, ...EDITOR, callbackUrl: "/" }),
  });
  const session = response.headers.getSetCookie().find((c) => c.includes("authjs.session-token="));
  if (!session) throw new Error(`signing in failed (${response.status})`);
  return session.split(";")[0];
}

// CPU time of the processes: a figure that holds on a busy machine, where wall times wander.

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

/** The deepest process under `pid` whose command line matches (tsx runs the script in a child). */
function findProcess(pid: number, pattern: RegExp): number {
  let found = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift()!;
    let command = "";
    try {
      command = readFileSync(`/proc/${current}/cmdline`, "utf8").replace(/\0/g, " ");
    } catch {
      continue;
    }
    if (pattern.test(command)) found = current;
    queue.push(...childrenOf(current));
  }
  return found;
}

function cpuMs(pid: number): number {
  if (!pid) return NaN;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const pids = { next: 0, gateway: 0 };

async function withCpu<T>(work: () => Promise<T>): Promise<{ result: T; nextMs: number; gatewayMs: number }> {
  const next = cpuMs(pids.next);
  const gateway = cpuMs(pids.gateway);
  const result = await work();
  return { result, nextMs: cpuMs(pids.next) - next, gatewayMs: cpuMs(pids.gateway) - gateway };
}

// ---------------------------------------------------------------------------------------------
// Streams

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

interface StreamRun {
  id: string;
  ttfe: number;
  /** Arrival time of each event, indexed by sequence_number. */
  arrivals: number[];
}

function runStream(target: Target, cookie: string): Promise<StreamRun> {
  const url = new URL(target === "direct" ? `${GATEWAY}/responses` : `${BASE}/api/${target === "bff" ? "responses" : "bench/responses-plain"}`);
  const headers: Record<string, string> = { "content-type": "application/json", "accept-encoding": "gzip, deflate, br" };
  if (target === "direct") headers.authorization = `Bearer ${API_KEY}`;
  else Object.assign(headers, { cookie, origin: new URL(BASE).origin });
  return new Promise((resolve, reject) => {
    const started = now();
    const arrivals: number[] = [];
    let id = "";
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
        const at = now();
        pending += chunk;
        let split: number;
        while ((split = pending.indexOf("\n\n")) >= 0) {
          const block = pending.slice(0, split);
          pending = pending.slice(split + 2);
          if (!block.startsWith("data: {")) continue;
          const seq = Number(/"sequence_number":(\d+)/.exec(block)?.[1] ?? -1);
          if (!id) id = /"response":\{"id":"([^"]+)"/.exec(block)?.[1] ?? "";
          if (seq >= 0) arrivals[seq] = at;
        }
      });
      response.on("end", () => {
        if (arrivals.length === 0) return reject(new Error(`${target}: no events`));
        resolve({ id, ttfe: Math.min(...arrivals.filter((t) => t !== undefined)) - started, arrivals });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(STREAM_BODY);
  });
}

/** Per event: arrival at the client minus the moment it passed the tap (left the gateway). */
async function eventDelays(runs: StreamRun[]): Promise<number[]> {
  const response = await fetch(`${TAP}/__tap/events?ids=${runs.map((r) => r.id).join(",")}`);
  const passed = (await response.json()) as Record<string, number[]>;
  const delays: number[] = [];
  for (const run of runs) {
    const times = passed[run.id] ?? [];
    // Event 0 is left out: its delay is part of the time to first event.
    for (let seq = 1; seq < run.arrivals.length; seq++) {
      if (run.arrivals[seq] !== undefined && times[seq] !== undefined) delays.push(run.arrivals[seq] - times[seq]);
    }
  }
  return delays;
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
  eventDelayP50: number;
  eventDelayP95: number;
  nextCpuPerStream: number;
}

async function measureLevel(concurrency: number, rounds: number, cookie: string): Promise<StreamStats[]> {
  const order: Target[] = ["direct", "floor", "bff"];
  const runs: Record<Target, StreamRun[]> = { direct: [], floor: [], bff: [] };
  const delays: Record<Target, number[]> = { direct: [], floor: [], bff: [] };
  const cpu: Record<Target, number> = { direct: 0, floor: 0, bff: 0 };
  for (let round = 0; round < rounds; round++) {
    // Rotate the order so no target always runs on a warmer (or busier) machine.
    for (const target of [...order.slice(round % 3), ...order.slice(0, round % 3)]) {
      const { result, nextMs } = await withCpu(() => Promise.all(Array.from({ length: concurrency }, () => runStream(target, cookie))));
      runs[target].push(...result);
      cpu[target] += nextMs;
      if (target !== "direct") delays[target].push(...(await eventDelays(result)));
    }
  }
  return order.map((target) => ({
    target,
    concurrency,
    streams: runs[target].length,
    ttfeP50: percentile(runs[target].map((r) => r.ttfe), 50),
    ttfeP95: percentile(runs[target].map((r) => r.ttfe), 95),
    eventDelayP50: percentile(delays[target], 50),
    eventDelayP95: percentile(delays[target], 95),
    nextCpuPerStream: cpu[target] / runs[target].length,
  }));
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
    reqPerSec: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    nextCpuPerRequest: target === "direct" ? 0 : nextMs / result.requests.total,
    gatewayCpuPerRequest: gatewayMs / result.requests.total,
  };
}

// ---------------------------------------------------------------------------------------------

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "-");

async function main() {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const db = openAppDb(appDbFile(DATA_DIR));
  await new UsersStore(db).create({ ...EDITOR, role: "editor" });
  db.close();

  let gateway: ChildProcess | null = null;
  let tap: ChildProcess | null = null;
  let app: ChildProcess | null = null;
  try {
    gateway = launch("gateway", ["lib/embedded-gateway/main.ts"], {
      DATA_DIR,
      GATEWAY_PORT: String(GATEWAY_PORT),
      EMBEDDED_GATEWAY_API_KEY: API_KEY,
      EMBEDDED_GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY,
      EMBEDDED_GATEWAY_DEMO_FILES: "5000",
      EMBEDDED_GATEWAY_RATE_LIMIT: "1000000",
    });
    await waitFor(`${GATEWAY}/models`, gateway, { headers: { authorization: `Bearer ${API_KEY}` } });
    pids.gateway = findProcess(gateway.pid!, /embedded-gateway\/main\.ts/);
    tap = launch("tap", ["bench/bff-tap.ts"], { TAP_PORT: String(TAP_PORT), TAP_TARGET: `http://127.0.0.1:${GATEWAY_PORT}` });
    await waitFor(`${TAP}/__tap/events`, tap);

    log(`streams: app on ${BASE} -> tap ${TAP} -> gateway ${GATEWAY} (the first start builds the app)`);
    app = startApp(`${TAP}/api/v1`);
    await waitFor(`${BASE}/api/health`, app);
    pids.next = findProcess(app.pid!, /next-server|next\/dist\/bin\/next/);
    let cookie = await signIn();
    log("warming up");
    for (const target of ["direct", "floor", "bff"] as const) await Promise.all(Array.from({ length: 5 }, () => runStream(target, cookie)));
    await eventDelays([]);

    const streams: StreamStats[] = [];
    for (const level of LEVELS) {
      log(`streams: ${level.concurrency} concurrent x ${level.rounds} rounds per target`);
      streams.push(...(await measureLevel(level.concurrency, level.rounds, cookie)));
    }

    log("GET: restarting the app to talk to the gateway directly");
    await stop(app);
    app = startApp(GATEWAY);
    await waitFor(`${BASE}/api/health`, app);
    pids.next = findProcess(app.pid!, /next-server|next\/dist\/bin\/next/);
    cookie = await signIn();
    await autocannon({ url: `${BASE}/api/files?limit=100`, connections: 4, amount: 500, headers: { cookie } });
    const gets: GetStats[] = [];
    for (const limit of [100, FILES_PAGE_SIZE]) {
      log(`GET /files?limit=${limit}: ${GET_SECONDS} s per target`);
      gets.push(await measureGet("direct", limit, cookie), await measureGet("bff", limit, cookie));
    }

    console.log("\nStreams (ms). per-event = an event's time from leaving the gateway to reaching the client; Next CPU = CPU ms of the Next server per stream");
    console.log("conc  target  streams  TTFE p50  TTFE p95  +TTFE p50  per-event p50  per-event p95  Next CPU");
    for (const s of streams) {
      const direct = streams.find((d) => d.concurrency === s.concurrency && d.target === "direct")!;
      console.log(
        `${String(s.concurrency).padStart(4)}  ${s.target.padEnd(6)}  ${String(s.streams).padStart(7)}  ${fmt(s.ttfeP50).padStart(8)}  ${fmt(s.ttfeP95).padStart(8)}  ${(s.target === "direct" ? "" : fmt(s.ttfeP50 - direct.ttfeP50)).padStart(9)}  ${fmt(s.eventDelayP50, 2).padStart(13)}  ${fmt(s.eventDelayP95, 2).padStart(13)}  ${(s.target === "direct" ? "" : fmt(s.nextCpuPerStream, 2)).padStart(8)}`,
      );
    }
    console.log("\nGET /files (autocannon, 10 connections; CPU = ms per request of each process)");
    console.log("limit  target  req/s    p50 ms  p99 ms  non-2xx  errors  Next CPU  gateway CPU");
    for (const g of gets) {
      console.log(
        `${String(g.limit).padStart(5)}  ${g.target.padEnd(6)}  ${fmt(g.reqPerSec, 0).padStart(7)}  ${fmt(g.latencyP50).padStart(6)}  ${fmt(g.latencyP99).padStart(6)}  ${String(g.non2xx).padStart(7)}  ${String(g.errors).padStart(6)}  ${(g.target === "direct" ? "" : fmt(g.nextCpuPerRequest, 2)).padStart(8)}  ${fmt(g.gatewayCpuPerRequest, 2).padStart(11)}`,
      );
    }

    const one = (target: Target) => streams.find((s) => s.concurrency === 1 && s.target === target)!;
    const ui = (target: "direct" | "bff") => gets.find((g) => g.limit === FILES_PAGE_SIZE && g.target === target)!;
    const addedTtfe = one("bff").ttfeP50 - one("direct").ttfeP50;
    const ratio = ui("bff").reqPerSec / ui("direct").reqPerSec;
    const targets = [
      { name: "added TTFE p50 (1 stream) <= 5 ms", value: addedTtfe, ok: addedTtfe <= 5 },
      { name: "added per-event delay p50 (1 stream) <= 1 ms", value: one("bff").eventDelayP50, ok: one("bff").eventDelayP50 <= 1 },
      { name: `GET /files?limit=${FILES_PAGE_SIZE} (the file browser's page) throughput >= 0.5 x direct`, value: ratio, ok: ratio >= 0.5 },
    ];
    console.log("\nTargets");
    for (const t of targets) console.log(`  ${t.ok ? "PASS" : "MISS"}  ${t.name}: ${fmt(t.value, 2)}`);

    mkdirSync(path.join(root, "bench", "results"), { recursive: true });
    writeFileSync(path.join(root, "bench", "results", "bff.json"), JSON.stringify({ at: new Date().toISOString(), streams, gets, targets }, null, 2));
    log("wrote bench/results/bff.json");
  } finally {
    agent.destroy();
    await stop(app);
    await stop(tap);
    await stop(gateway);
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench:bff: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

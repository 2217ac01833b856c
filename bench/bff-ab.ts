/**
 * `npx tsx bench/bff-ab.ts <checkout A> <checkout B>`: the BFF of two builds side by side, in one run, on one
 * machine, for "before and after" questions (the service layer: the commit before it against the one after).
 *
 * Both checkouts must be built (`npm run build`, or `next build` for one that predates the runtime compile) and
 * have node_modules. One embedded gateway (this checkout's) serves both apps, each started with its own
 * `npm start` and data folder, on ports the OS picks, with an editor account made by its own `npm run user`.
 * Rounds alternate the order (A then B, B then A) so a load that comes and goes falls on both. Each round, per app:
 *   stream - POST /api/responses (stream: true, the echo model): time to the first byte of the event stream,
 *   files  - GET /api/files?limit=100 (one page of the demo workspace's 5,000 files),
 *   page   - GET /presets (a server render: session, the presets list from the gateway, hydration state),
 * each measured as wall time per request and as the app's CPU time per request (its whole process tree, from
 * /proc), which a busy machine disturbs much less. Printed: medians over the rounds and the ratios B / A.
 * Environment: BENCH_AB_ROUNDS (default 6), BENCH_AB_REQUESTS (requests per kind per round, default 20).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { treeCpuMs } from "./process-cpu";
import { benchGatewayEnv, benchLog, fmt, freePort, percentile, runBench, signIn, startGateway, stopProcess, waitForHttp, writeResults } from "./support";

const KEYS = { api: "bench-ab-api-key-0123456789", management: "bench-ab-management-key-0123456789" };
const EDITOR = { email: "bench-editor@example.com", password: "bench-ab-password" };
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 6);
const REQUESTS = Number(process.env.BENCH_AB_REQUESTS ?? 20);
const STREAM_BODY = JSON.stringify({ model: "gatehouse/echo", input: "The gateway relays every event to the browser as it arrives.", stream: true });
const KINDS = ["stream", "files", "page"] as const;
type Kind = (typeof KINDS)[number];

const log = benchLog("bench:bff-ab");

interface App {
  label: string;
  dir: string;
  dataDir: string;
  child: ChildProcess;
  baseUrl: string;
  cookie: string;
}

function npm(dir: string, args: string[], env: Record<string, string>, input?: string) {
  return spawnSync("npm", args, { cwd: dir, env: { ...process.env, ...env }, input, encoding: "utf8" });
}

async function startCheckout(label: string, dir: string, gatewayUrl: string): Promise<App> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-bench-ab-"));
  const added = npm(dir, ["run", "--silent", "user", "--", "add", EDITOR.email, "--role", "editor"], { DATA_DIR: dataDir }, EDITOR.password);
  if (added.status !== 0) throw new Error(`${label}: adding the editor failed: ${added.stderr}`);
  const port = await freePort();
  const child = spawn("npm", ["start"], {
    cwd: dir,
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      DATA_DIR: dataDir,
      GATEWAY_URL: gatewayUrl,
      GATEWAY_API_KEY: KEYS.api,
      GATEWAY_MANAGEMENT_KEY: KEYS.management,
      RATE_LIMIT_RESPONSES_PER_MINUTE: "100000000",
      RATE_LIMIT_GATEWAY_PER_MINUTE: "100000000",
    },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (/error|fail/i.test(line)) log(`[${label}] ${line}`);
  });
  const baseUrl = `http://localhost:${port}`;
  await waitForHttp(`${baseUrl}/api/health`, child);
  const cookie = await signIn(baseUrl, EDITOR);
  return { label, dir, dataDir, child, baseUrl, cookie };
}

/** One request of `kind`, read to its end; the ms until the response's first body byte (stream) or its end. */
async function request(app: App, kind: Kind): Promise<number> {
  const started = performance.now();
  const init: RequestInit =
    kind === "stream"
      ? { method: "POST", headers: { cookie: app.cookie, "content-type": "application/json", origin: app.baseUrl }, body: STREAM_BODY }
      : { headers: { cookie: app.cookie } };
  const url = `${app.baseUrl}${kind === "stream" ? "/api/responses" : kind === "files" ? "/api/files?limit=100" : "/presets"}`;
  const response = await fetch(url, init);
  if (!response.ok || !response.body) throw new Error(`${app.label}: ${url} answered ${response.status}`);
  const reader = response.body.getReader();
  let first = NaN;
  for (;;) {
    const { done } = await reader.read();
    if (Number.isNaN(first)) first = performance.now() - started;
    if (done) break;
  }
  return kind === "stream" ? first : performance.now() - started;
}

interface Sample {
  wallMs: number;
  cpuMs: number;
}

async function measure(app: App, kind: Kind): Promise<Sample> {
  const pid = app.child.pid!;
  const cpuBefore = treeCpuMs(pid);
  const walls: number[] = [];
  for (let i = 0; i < REQUESTS; i++) walls.push(await request(app, kind));
  return { wallMs: percentile(walls, 50), cpuMs: (treeCpuMs(pid) - cpuBefore) / REQUESTS };
}

const median = (values: number[]) => percentile(values, 50);

async function main() {
  const [dirA, dirB] = process.argv.slice(2).map((dir) => path.resolve(dir));
  if (!dirA || !dirB) throw new Error("usage: npx tsx bench/bff-ab.ts <checkout A> <checkout B> (both built)");
  const gatewayData = mkdtempSync(path.join(os.tmpdir(), "gatehouse-bench-ab-gw-"));
  const gateway = await startGateway(benchGatewayEnv(gatewayData, KEYS), log);
  const apps: App[] = [];
  try {
    apps.push(await startCheckout("A", dirA, gateway.baseUrl), await startCheckout("B", dirB, gateway.baseUrl));
    // Warm both (JIT, Next's route modules, the gateway's caches) before anything counts.
    for (const app of apps) for (const kind of KINDS) for (let i = 0; i < 5; i++) await request(app, kind);
    const samples: Record<string, Record<Kind, Sample[]>> = {};
    for (const app of apps) samples[app.label] = { stream: [], files: [], page: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? apps : [...apps].reverse();
      for (const kind of KINDS) for (const app of order) samples[app.label][kind].push(await measure(app, kind));
      log(`round ${round + 1}/${ROUNDS} done`);
    }
    const rows = KINDS.map((kind) => {
      const of = (label: string, key: keyof Sample) => median(samples[label][kind].map((sample) => sample[key]));
      return {
        kind,
        wallA: of("A", "wallMs"),
        wallB: of("B", "wallMs"),
        cpuA: of("A", "cpuMs"),
        cpuB: of("B", "cpuMs"),
      };
    });
    console.log(`\nA = ${dirA}\nB = ${dirB}\n${ROUNDS} rounds x ${REQUESTS} requests per kind, medians:\n`);
    console.log("kind    wall A ms  wall B ms  B/A    cpu A ms/req  cpu B ms/req  B/A");
    for (const row of rows) {
      console.log(
        `${row.kind.padEnd(6)}  ${fmt(row.wallA, 2).padStart(9)}  ${fmt(row.wallB, 2).padStart(9)}  ${fmt(row.wallB / row.wallA, 2).padStart(4)}   ${fmt(row.cpuA, 2).padStart(12)}  ${fmt(row.cpuB, 2).padStart(12)}  ${fmt(row.cpuB / row.cpuA, 2).padStart(4)}`,
      );
    }
    console.log(`\nwritten: ${writeResults("bff-ab.json", { a: dirA, b: dirB, rounds: ROUNDS, requests: REQUESTS, rows, samples })}`);
  } finally {
    for (const app of apps) {
      await stopProcess(app.child);
      rmSync(app.dataDir, { recursive: true, force: true });
    }
    await stopProcess(gateway.child);
    rmSync(gatewayData, { recursive: true, force: true });
  }
}

runBench("bench:bff-ab", main);

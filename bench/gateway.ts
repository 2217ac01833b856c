/**
 * `npm run bench:gateway`: GET /files page latency of the embedded gateway with 1,000,000 files.
 *
 * Seeds a temporary database (deleted afterwards), serves it with `npm run gateway`'s entry point in
 * its own process (as `npm start` does) on an ephemeral port, walks to cursors at depth 0, 10k, 100k
 * and the last page of the million, then times sequential requests at each depth over real HTTP
 * (keep-alive, one client). Target: p50 under 5 ms at every depth, flat.
 * Options: --files <n> (default 1000000), --requests <n> per depth (default 400), --limit <n> (default 100).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openDatabase } from "../lib/embedded-gateway/db";
import { insertDemoFiles } from "../lib/embedded-gateway/seed/demo-files";
import { WorkspacesStore } from "../lib/embedded-gateway/workspaces-store";
import { benchLog, percentile, runBench, startGateway, stopProcess, type GatewayProcess } from "./support";
import { markdownTable, writeBenchmarkSection } from "./report-table";

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const FILES = arg("files", 1_000_000);
const REQUESTS = arg("requests", 400);
const LIMIT = arg("limit", 100);

const log = benchLog("bench:gateway");

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gatehouse-bench-gateway-"));
  let gateway: GatewayProcess | null = null;
  try {
    const db = openDatabase(path.join(dir, "embedded-gateway.db"));
    const workspaceId = new WorkspacesStore(db).ensureDefaults();
    let started = performance.now();
    insertDemoFiles(db, workspaceId, FILES, 42);
    db.close();
    log(`seeded ${FILES.toLocaleString("en")} files in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const apiKey = "bench-api-key";
    gateway = await startGateway(
      {
        DATA_DIR: dir,
        EMBEDDED_GATEWAY_API_KEY: apiKey,
        EMBEDDED_GATEWAY_MANAGEMENT_KEY: "bench-management-key",
        EMBEDDED_GATEWAY_DEMO_FILES: "0",
        EMBEDDED_GATEWAY_RATE_LIMIT: "1000000",
        EMBEDDED_GATEWAY_CORPUS: "fixed",
      },
      log,
    );
    const { baseUrl } = gateway;

    const headers = { authorization: `Bearer ${apiKey}` };
    const get = async (query: string) => {
      const response = await fetch(`${baseUrl}/files?${query}`, { headers });
      if (response.status !== 200) throw new Error(`GET /files?${query} -> ${response.status}`);
      return (await response.json()) as { cursor: string | null; data: unknown[] };
    };

    // Walk with full pages to find the cursors that start a page at each depth.
    const lastPage = Math.max(0, FILES - LIMIT);
    const depths = [0, 10_000, 100_000, lastPage].filter((d, i, all) => d <= FILES && all.indexOf(d) === i);
    const cursors = new Map<number, string | null>([[0, null]]);
    started = performance.now();
    let cursor: string | null = null;
    for (let depth = 0; depth < lastPage; ) {
      const step = Math.min(1000, lastPage - depth);
      const page = await get(`limit=${step}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      depth += page.data.length;
      cursor = page.cursor;
      if (depths.includes(depth)) cursors.set(depth, cursor);
    }
    log(`walked to depth ${lastPage.toLocaleString("en")} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const rows: { depth: string; p50: number; p99: number; mean: number }[] = [];
    for (const depth of depths) {
      const at = cursors.get(depth);
      const query = `limit=${LIMIT}${at ? `&cursor=${encodeURIComponent(at)}` : ""}`;
      for (let i = 0; i < 30; i++) await get(query);
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const t = performance.now();
        const page = await get(query);
        times.push(performance.now() - t);
        if (page.data.length !== LIMIT) throw new Error(`short page at depth ${depth}`);
      }
      const label = depth === lastPage && FILES >= 1_000_000 ? `${depth.toLocaleString("en")} (last page of 1M)` : depth.toLocaleString("en");
      rows.push({ depth: label, p50: percentile(times, 50), p99: percentile(times, 99), mean: times.reduce((a, b) => a + b, 0) / times.length });
    }
    await stopProcess(gateway.child);

    const cpu = os.cpus();
    console.log(`\nGET /files?limit=${LIMIT} over HTTP, ${REQUESTS} sequential requests per depth, ${FILES.toLocaleString("en")} files`);
    console.log(`machine: ${cpu.length} x ${cpu[0]?.model ?? "unknown CPU"}, Node ${process.version}, ${os.platform()} ${os.arch()}\n`);
    console.log("| depth | p50 (ms) | p99 (ms) | mean (ms) |");
    console.log("|---|---|---|---|");
    for (const row of rows) console.log(`| ${row.depth} | ${row.p50.toFixed(2)} | ${row.p99.toFixed(2)} | ${row.mean.toFixed(2)} |`);
    const worst = Math.max(...rows.map((r) => r.p50));
    console.log(`\nworst p50 ${worst.toFixed(2)} ms: ${worst < 5 ? "within" : "OVER"} the 5 ms target`);
    writeBenchmarkSection(
      "gateway",
      "npm run bench:gateway",
      `GET /files?limit=${LIMIT} over HTTP, ${REQUESTS} sequential requests per depth, ${FILES.toLocaleString("en")} files. Target: p50 under 5 ms at every depth (worst here ${worst.toFixed(2)} ms).\n\n` +
        markdownTable(["depth", "p50 (ms)", "p99 (ms)", "mean (ms)"], rows.map((row) => [row.depth, row.p50.toFixed(2), row.p99.toFixed(2), row.mean.toFixed(2)])),
    );
  } finally {
    await stopProcess(gateway?.child ?? null);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench("bench:gateway", main);

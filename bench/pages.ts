/**
 * `npm run bench:pages`: what opening each dashboard page costs when the gateway is far away.
 *
 * Starts the embedded gateway (its own data folder, fault injection on) and, in this process, a counting
 * pass-through in front of it (every upstream call the BFF makes is noted with its start and end), then the
 * production app (server/start.ts, which builds first when the build is missing or stale) pointed at that
 * pass-through. Every gateway call is slowed by LATENCY_MS through the gateway's fault switch
 * (POST /__faults {path: "/**", latency_ms}), as a gateway on another continent would be. The bench adds presets
 * so the list has two full pages, half of them saved through Gatehouse (they have an author) and half
 * directly at the gateway (they have none), and an admin account that sees every page.
 *
 * Headless Chromium, with the HTTP cache disabled, opens each page RUNS times (a fresh tab each time) and
 * reports per page, medians over the runs:
 *   - compressed JS: the encoded body bytes of the .js files the page loaded as scripts (Resource Timing; the
 *     route code Next prefetches for links in view is left out),
 *   - /api requests: the browser's calls to the BFF until the page is settled,
 *   - upstream calls: the gateway calls counted at the pass-through (server render and BFF routes alike),
 *     and the longest chain of them that ran one after another ("sequential": each waits for the last),
 *   - data: time from navigation start to the page's data on screen (a page-specific check on the DOM, polled
 *     every frame),
 *   - LCP: largest contentful paint.
 * "presets, page 2 (in app)" clicks Next on the list: no new document, so it counts from the click and has no
 * JS or LCP figure of its own. Targets (issue 16): at most 2 sequential upstream round trips per page view.
 * Not a test: it prints a table and writes bench/results/pages.json. Wall-clock figures depend on the load.
 *
 * Environment:
 *   BENCH_LATENCY_MS   injected latency per gateway call (default 100)
 *   BENCH_RUNS         loads per page (default 3)
 *   NEXT_DIST_DIR      which production build to use or make (default .next)
 *   CHROMIUM_PATH      browser (default: Playwright's, else the system's Chromium)
 */
import { mkdirSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import {
  addUser,
  benchLog,
  fmt,
  launchChromium,
  percentile,
  root,
  runBench,
  signedInContext,
  signIn,
  startApp,
  benchGatewayEnv,
  startGateway,
  stopProcess,
  writeResults,
  type AppProcess,
  type GatewayProcess,
} from "./support";
import { passThrough } from "./pass-through";
import { markdownTable, writeBenchmarkSection } from "./report-table";

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 100);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const API_KEY = "bench-pages-api-key-0123456789";
const MANAGEMENT_KEY = "bench-pages-management-key-0123456789";
const ADMIN = { email: "bench-admin@example.com", password: "bench-pages-password" };
const DATA_DIR = path.join(root, ".data-bench-pages");
/** Presets added on top of the 4 demo ones: 40 in all, two pages of the list. */
const EXTRA_PRESETS = 36;

const log = benchLog("bench:pages");
// The global performance, not node:perf_hooks: functions evaluated in the page use the name too.
const now = () => performance.timeOrigin + performance.now();

// ---------------------------------------------------------------------------------------------
// The counting pass-through between the app and the gateway

interface UpstreamCall {
  method: string;
  path: string;
  start: number;
  end: number;
}

function startCounter(gatewayOrigin: string): Promise<{ server: http.Server; origin: string; calls: UpstreamCall[]; open: () => number }> {
  const target = new URL(gatewayOrigin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const calls: UpstreamCall[] = [];
  let open = 0;
  const server = http.createServer((req, res) => {
    const call: UpstreamCall = { method: req.method ?? "GET", path: req.url ?? "", start: now(), end: NaN };
    open += 1;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      open -= 1;
      call.end = now();
      if (!call.path.includes("/__faults")) calls.push(call);
    };
    res.on("close", finish);
    passThrough(req, res, target, agent);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, open: () => open })),
  );
}

/** The longest chain of calls in which each started after the one before it ended: round trips a user waits for in a row. */
function sequentialDepth(calls: readonly UpstreamCall[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  let best = 0;
  sorted.forEach((call, i) => {
    let d = 1;
    for (let j = 0; j < i; j++) if (sorted[j].end <= call.start) d = Math.max(d, depth[j] + 1);
    depth.push(d);
    best = Math.max(best, d);
  });
  return best;
}

// ---------------------------------------------------------------------------------------------
// Pages

interface PageSpec {
  name: string;
  path: string;
  /** Runs in the page: true once the page's data is on screen. */
  ready: () => boolean;
}

const PAGES: PageSpec[] = [
  {
    name: "presets",
    path: "/presets",
    // Every row with its version and its author (no skeleton left in the table).
    ready: () =>
      document.querySelectorAll('[data-testid="preset-table"] tr[data-slug]').length > 0 &&
      !document.querySelector('[data-testid="preset-table"] tbody .animate-pulse'),
  },
  {
    name: "presets, by name",
    path: "/presets?sort=name&dir=asc",
    ready: () =>
      document.querySelectorAll('[data-testid="preset-table"] tr[data-slug]').length > 0 &&
      !document.querySelector('[data-testid="preset-table"] tbody .animate-pulse'),
  },
  {
    name: "preset studio",
    path: "/presets/web-research",
    ready: () => /Editing version \d+/.test(document.querySelector('[data-testid="editor-status"]')?.textContent ?? ""),
  },
  { name: "files", path: "/files", ready: () => document.querySelector('[data-testid="file-row"]') !== null },
  { name: "video models", path: "/video-models", ready: () => document.querySelector('[data-testid="video-model-card"]') !== null },
  {
    name: "playground",
    path: "/playground",
    ready: () =>
      ((document.querySelector('[data-testid="model-input"]') as HTMLInputElement | null)?.value ?? "") !== "" &&
      document.querySelectorAll("datalist option").length > 0,
  },
  { name: "users", path: "/users", ready: () => document.querySelectorAll('[data-testid="user-table"] tbody tr').length > 0 },
];

interface Sample {
  jsBytes: number;
  apiRequests: number;
  upstreamCalls: number;
  sequential: number;
  dataMs: number;
  lcpMs: number;
}

/** Browser calls to /api, counted and tracked while they are open. */
function watchApi(page: Page): { count: () => number; open: () => number; reset: () => void } {
  let count = 0;
  const open = new Set<unknown>();
  const isApi = (url: string) => new URL(url).pathname.startsWith("/api/");
  page.on("request", (request) => {
    if (!isApi(request.url())) return;
    count += 1;
    open.add(request);
  });
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
  return { count: () => count, open: () => open.size, reset: () => (count = 0) };
}

/** Waits until neither the browser nor the BFF has a call open for `quietMs` (at most 10 s). */
async function settle(api: { open: () => number }, upstreamOpen: () => number, quietMs = 400): Promise<void> {
  const started = Date.now();
  let quietSince = Date.now();
  while (Date.now() - started < 10_000) {
    if (api.open() > 0 || upstreamOpen() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function newTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  return page;
}

async function loadPage(context: BrowserContext, baseUrl: string, spec: PageSpec, counter: Awaited<ReturnType<typeof startCounter>>): Promise<Sample> {
  const page = await newTab(context);
  try {
    const api = watchApi(page);
    const from = counter.calls.length;
    await page.goto(`${baseUrl}${spec.path}`, { waitUntil: "commit" });
    // Polled every frame (a page's CSP forbids evaluating a predicate from an init script), so up to ~16 ms late.
    await page.waitForFunction(spec.ready, undefined, { timeout: 60_000, polling: "raf" }).catch(async (error: unknown) => {
      throw new Error(`${spec.name}: its data never showed (${String(error)})`);
    });
    const dataMs = await page.evaluate(() => performance.now());
    await settle(api, counter.open);
    const figures = await page.evaluate(async () => {
      const js = performance
        .getEntriesByType("resource")
        // Scripts the page ran, not the other routes' code Next prefetches for the links in view (<link> loads).
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js") && (entry as PerformanceResourceTiming).initiatorType === "script")
        .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0);
      const lcpMs = await new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? NaN)).observe({ type: "largest-contentful-paint", buffered: true });
        setTimeout(() => resolve(NaN), 1000);
      });
      return { lcpMs, jsBytes: js };
    });
    const calls = counter.calls.slice(from);
    return { ...figures, dataMs, apiRequests: api.count(), upstreamCalls: calls.length, sequential: sequentialDepth(calls) };
  } finally {
    await page.close();
  }
}

/** The list's Next button: page 2 in the app, without a new document. Counted from the click. */
async function nextPresetPage(context: BrowserContext, baseUrl: string, counter: Awaited<ReturnType<typeof startCounter>>): Promise<Sample> {
  const page = await newTab(context);
  try {
    const api = watchApi(page);
    await page.goto(`${baseUrl}/presets`);
    await page.waitForFunction(PAGES[0].ready, undefined, { timeout: 60_000 });
    await settle(api, counter.open);
    api.reset();
    const from = counter.calls.length;
    const clicked = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const firstPage = new Set(Array.from(document.querySelectorAll('[data-testid="preset-table"] tr[data-slug]'), (row) => row.getAttribute("data-slug")));
          const startedAt = performance.now();
          const ready = () => {
            const rows = Array.from(document.querySelectorAll('[data-testid="preset-table"] tr[data-slug]'));
            return (
              rows.length > 0 &&
              rows.every((row) => !firstPage.has(row.getAttribute("data-slug"))) &&
              !document.querySelector('[data-testid="preset-table"] tbody .animate-pulse')
            );
          };
          const observer = new MutationObserver(() => {
            if (!ready()) return;
            observer.disconnect();
            resolve(performance.now() - startedAt);
          });
          observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
          const next = Array.from(document.querySelectorAll("nav[aria-label=Pages] button")).find((button) => button.textContent?.trim() === "Next");
          (next as HTMLButtonElement).click();
        }),
    );
    const dataMs = await clicked;
    await settle(api, counter.open);
    const calls = counter.calls.slice(from);
    return { jsBytes: NaN, lcpMs: NaN, dataMs, apiRequests: api.count(), upstreamCalls: calls.length, sequential: sequentialDepth(calls) };
  } finally {
    await page.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Setup

async function gatewayCall(gateway: GatewayProcess, method: string, route: string, body?: unknown): Promise<void> {
  const response = await fetch(`${gateway.baseUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${MANAGEMENT_KEY}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
}

const presetBody = (i: number) => ({
  model: "gatehouse/echo",
  messages: [{ role: "system", content: `Bench preset ${i}: answer briefly.` }],
  temperature: 0.2,
});

/** Half of the extra presets saved through Gatehouse (the audit log names their author), half at the gateway. */
async function addPresets(app: AppProcess, gateway: GatewayProcess, cookie: string): Promise<void> {
  for (let i = 1; i <= EXTRA_PRESETS; i++) {
    const slug = `bench-preset-${String(i).padStart(2, "0")}`;
    if (i % 2 === 0) {
      await gatewayCall(gateway, "POST", `/presets/${slug}/chat/completions`, presetBody(i));
      continue;
    }
    const response = await fetch(`${app.baseUrl}/api/presets/${slug}`, {
      method: "POST",
      headers: { cookie, origin: app.baseUrl, "content-type": "application/json", "if-none-match": "*" },
      body: JSON.stringify(presetBody(i)),
    });
    if (!response.ok) throw new Error(`saving ${slug} through the BFF: ${response.status} ${await response.text()}`);
  }
}

// ---------------------------------------------------------------------------------------------

interface Row {
  name: string;
  samples: Sample[];
}

const median = (values: number[]) => percentile(values.filter(Number.isFinite), 50);

async function main() {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  addUser(DATA_DIR, { ...ADMIN, role: "admin" });

  let gateway: GatewayProcess | null = null;
  let counter: Awaited<ReturnType<typeof startCounter>> | null = null;
  let app: AppProcess | null = null;
  try {
    gateway = await startGateway(benchGatewayEnv(DATA_DIR, { api: API_KEY, management: MANAGEMENT_KEY }, { EMBEDDED_GATEWAY_CORPUS: "fixed" }), log);
    counter = await startCounter(new URL(gateway.baseUrl).origin);
    log(`app -> counter ${counter.origin} -> gateway ${gateway.baseUrl} (builds the app when needed)`);
    app = await startApp(
      {
        DATA_DIR,
        GATEWAY_URL: `${counter.origin}${new URL(gateway.baseUrl).pathname}`,
        GATEWAY_API_KEY: API_KEY,
        GATEWAY_MANAGEMENT_KEY: MANAGEMENT_KEY,
        RATE_LIMIT_GATEWAY_PER_MINUTE: "100000000",
      },
      log,
    );
    const cookie = await signIn(app.baseUrl, ADMIN);
    await addPresets(app, gateway, cookie);

    const browser = await launchChromium();
    try {
      const context = await signedInContext(browser, app.baseUrl, ADMIN);
      log("warming up (each page once, no latency)");
      for (const spec of PAGES) await loadPage(context, app.baseUrl, spec, counter);

      await gatewayCall(gateway, "POST", "/__faults", { path: "/**", count: 10_000, latency_ms: LATENCY_MS });
      const load = [loadavg()[0]];
      const rows: Row[] = [...PAGES.map((spec) => ({ name: spec.name, samples: [] })), { name: "presets, page 2 (in app)", samples: [] }];
      for (let run = 0; run < RUNS; run++) {
        log(`run ${run + 1} of ${RUNS}, ${LATENCY_MS} ms per gateway call`);
        for (const [i, spec] of PAGES.entries()) rows[i].samples.push(await loadPage(context, app.baseUrl, spec, counter));
        rows[PAGES.length].samples.push(await nextPresetPage(context, app.baseUrl, counter));
        load.push(loadavg()[0]);
      }
      await gatewayCall(gateway, "DELETE", "/__faults");

      console.log(
        `\nPages (medians of ${RUNS} loads; ${LATENCY_MS} ms added to every gateway call; cache disabled; load average ${fmt(Math.min(...load))}–${fmt(Math.max(...load))} on this machine)`,
      );
      console.log("page                        JS kB  /api req  upstream  sequential  data ms  LCP ms");
      const table = rows.map((row) => {
        const m = (key: keyof Sample) => median(row.samples.map((s) => s[key]));
        return { name: row.name, jsKb: m("jsBytes") / 1000, apiRequests: m("apiRequests"), upstreamCalls: m("upstreamCalls"), sequential: m("sequential"), dataMs: m("dataMs"), lcpMs: m("lcpMs") };
      });
      for (const t of table) {
        console.log(
          `${t.name.padEnd(26)}  ${fmt(t.jsKb).padStart(5)}  ${fmt(t.apiRequests, 0).padStart(8)}  ${fmt(t.upstreamCalls, 0).padStart(8)}  ${fmt(t.sequential, 0).padStart(10)}  ${fmt(t.dataMs, 0).padStart(7)}  ${fmt(t.lcpMs, 0).padStart(6)}`,
        );
      }
      const over = table.filter((t) => t.sequential > 2);
      writeBenchmarkSection(
        "pages",
        "npm run bench:pages",
        `Medians of ${RUNS} loads; ${LATENCY_MS} ms added to every gateway call; HTTP cache disabled; load average ${fmt(Math.min(...load))}–${fmt(Math.max(...load))}. ` +
          `Target: at most 2 sequential gateway round trips per page view (${over.length === 0 ? "met" : `missed: ${over.map((t) => t.name).join(", ")}`}).\n\n` +
          markdownTable(
            ["page", "JS kB", "/api requests", "gateway calls", "in a row", "data on screen (ms)", "LCP (ms)"],
            table.map((t) => [t.name, fmt(t.jsKb), fmt(t.apiRequests, 0), fmt(t.upstreamCalls, 0), fmt(t.sequential, 0), fmt(t.dataMs, 0), fmt(t.lcpMs, 0)]),
          ),
      );
      console.log(`\nTarget: at most 2 sequential upstream round trips per page view: ${over.length === 0 ? "PASS" : `MISS (${over.map((t) => t.name).join(", ")})`}`);
      log(`wrote ${writeResults("pages.json", { at: new Date().toISOString(), latencyMs: LATENCY_MS, runs: RUNS, loadAverage: load, table, rows })}`);
    } finally {
      await browser.close();
    }
  } finally {
    await stopProcess(app?.child ?? null);
    counter?.server.closeAllConnections();
    counter?.server.close();
    await stopProcess(gateway?.child ?? null);
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

runBench("bench:pages", main);

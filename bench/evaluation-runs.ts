/**
 * `npm run bench:evaluation-runs`: evaluation runs at scale (issue 27). Targets: RSS growth under 100 MB over a
 * 1,000-question × 2-version run; items/s at concurrency 1, 4 and 16 beside the gateway's own ceiling; the run
 * page's update cost with 2,000 items under 50 ms.
 *
 * Part 1, the runner. The embedded gateway runs in its own process (answer time scale 0: answers as fast as
 * they are composed, so the figures are the runner's and the gateway's work, not simulated model delays). This
 * process opens an app database (SQLite, a temporary folder), stores a 1,000-question set and, per concurrency,
 * a run of two versions of a web-research plan (gatehouse/scholar with web search at 3 and 8 results, as the
 * demo preset's versions), and executes it with the real EvaluationRunner (claims, leases, stored results,
 * min-citations check). Calls go to the gateway's POST /responses with fetch, as the crash test's runner does
 * (the app's upstream client is server-only). Beside each: the gateway's ceiling, the same streamed
 * /responses calls at the same concurrency with nothing else (no database, no checks).
 * RSS is this process's, sampled every 100 ms during the concurrency-16 run, against the baseline just before.
 *
 * Part 2, the page (skipped with BENCH_PAGE=0). The production app in embedded mode (server/launch.mjs, the
 * build in NEXT_DIST_DIR or .next), signed in as the demo editor; a set of 1,000 questions and a run of two
 * models over it (2,000 items, concurrency 16, the gateway answering at the models' own pace unless
 * --page-time-scale says otherwise) through the BFF; /evaluations/runs/{id} open in Chromium. Each poll's update
 * is timed in the page from the answer to GET /api/evaluations/runs/{id} arriving to the next frame after the DOM shows
 * that answer (body read, parse, React render and commit; PAGE_PROBE), over 20 to 60 updates (the run is
 * cancelled after 60).
 *
 * Options: --questions <n> (default 1000), --page-time-scale <x> (default 1; 0: the stress case, answers at once).
 * Environment: BENCH_PAGE=0 (runner only), BENCH_RUNNER=0 (page only: prints its figures and writes
 * bench/results/evaluation-page.json, not the docs), BENCH_DOCS=0, NEXT_DIST_DIR.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openAppDb } from "../lib/server/db/app-db";
import { EvaluationRunsStore } from "../lib/server/db/evaluation-runs-store";
import { QuestionSetsStore } from "../lib/server/db/question-sets-store";
import { workForRun } from "../lib/server/evaluations/run-work";
import { EvaluationRunner } from "../lib/server/evaluations/runner";
import { markdownTable, writeBenchmarkSection } from "./report-table";
import { benchGatewayEnv, benchLog, fmt, launchChromium, percentile, root, runBench, signIn, signedInContext, startApp, startGateway, stopProcess, writeResults, type AppProcess, type GatewayProcess } from "./support";
import { roomyLedger } from "@/lib/server/testing/test-ledger";

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const QUESTIONS = arg("questions", 1_000);
/**
 * The page part's answer time scale: 1, the embedded models' own pace, makes the 2,000-item run last well over
 * PAGE_UPDATES_MIN polls (at 0 it can end within a few); 0 is the stress case, the runner flat out beside the page.
 */
const PAGE_TIME_SCALE = arg("page-time-scale", 1);
const CONCURRENCIES = [1, 4, 16];
const KEYS = { api: "bench-api-key", management: "bench-management-key" };
const log = benchLog("bench:evaluation-runs");

function questions(count: number): string[] {
  const demo = fs
    .readFileSync(path.join(root, "lib/evaluations/demo/web-research-questions.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => (JSON.parse(line) as { question: string }).question);
  return Array.from({ length: count }, (_, index) => `${demo[index % demo.length]} (${index + 1})`);
}

const VERSIONS = [3, 8].map((results) => ({
  id: `web-research (max_results ${results})`,
  label: `web ${results}`,
  request: { model: "gatehouse/scholar", temperature: 0.2, plugins: [{ id: "web", max_results: results }] },
}));

interface RunnerFigure {
  concurrency: number;
  items: number;
  seconds: number;
  itemsPerSecond: number;
  ceilingPerSecond: number;
  rssBaselineMb?: number;
  rssPeakMb?: number;
}

async function runnerPart(gateway: GatewayProcess, dir: string): Promise<RunnerFigure[]> {
  const db = await openAppDb({ dialect: "sqlite", file: path.join(dir, "app.db") });
  const runs = new EvaluationRunsStore(db, roomyLedger(db));
  const sets = new QuestionSetsStore(db);
  const setId = randomUUID();
  await sets.create({ id: setId, name: "bench", rows: questions(QUESTIONS).map((question) => ({ question })), userEmail: "bench@example.com" });
  const send = (body: Record<string, unknown>, signal: AbortSignal) =>
    fetch(`${gateway.baseUrl}/responses`, { method: "POST", headers: { authorization: `Bearer ${KEYS.api}`, "content-type": "application/json" }, body: JSON.stringify(body), signal });
  const figures: RunnerFigure[] = [];
  try {
    for (const concurrency of CONCURRENCIES) {
      const ceiling = await gatewayCeiling(send, concurrency, Math.min(400, QUESTIONS * 2));
      const id = randomUUID();
      const items = VERSIONS.flatMap((_, version) => Array.from({ length: QUESTIONS }, (_, question) => ({ version_index: version, question_index: question, repeat_index: 0 })));
      await runs.create({ id, userId: "bench", setId, setVersion: 1, plan: { versions: VERSIONS, repeats: 1, concurrency, checks: [{ kind: "min-citations", n: 1 }] }, capUsd: 1_000, itemReserveUsd: 0, items });
      const runner = new EvaluationRunner({ store: runs, instanceId: randomUUID(), pollMs: 100, workFor: (runId) => workForRun(runs, sets, send, runId) });
      global.gc?.();
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
      const started = performance.now();
      runner.start();
      await runner.idle(id);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      await runner.stop();
      const status = await runs.status(id);
      if (status !== "finished") throw new Error(`the concurrency-${concurrency} run ended ${status}`);
      const figure: RunnerFigure = { concurrency, items: items.length, seconds, itemsPerSecond: items.length / seconds, ceilingPerSecond: ceiling };
      if (concurrency === Math.max(...CONCURRENCIES)) Object.assign(figure, { rssBaselineMb: baseline / 2 ** 20, rssPeakMb: peak / 2 ** 20 });
      log(`concurrency ${concurrency}: ${items.length} items in ${fmt(seconds)} s = ${fmt(figure.itemsPerSecond)} items/s (gateway alone ${fmt(ceiling)} calls/s)`);
      figures.push(figure);
    }
  } finally {
    await db.close();
  }
  return figures;
}

/** Streamed POST /responses calls, `concurrency` at a time, each read to its end: what the gateway alone sustains. */
async function gatewayCeiling(send: (body: Record<string, unknown>, signal: AbortSignal) => Promise<Response>, concurrency: number, calls: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        const index = next++;
        const response = await send({ ...VERSIONS[index % 2].request, input: `Question ${index}`, stream: true }, AbortSignal.timeout(60_000));
        await response.arrayBuffer();
      }
    }),
  );
  return calls / ((performance.now() - started) / 1000);
}

interface PageFigure {
  items: number;
  /** The embedded gateway's answer time scale during the page part (0: answers at once, 1: the models' own pace). */
  timeScale: number;
  /** Polls whose answer changed what the page shows, each timed from its answer arriving to the frame showing it. */
  updates: number;
  /** Polls whose answer the page already showed (no item ended since the last): nothing to wait for. */
  unchanged: number;
  /** Items ended when the measuring stopped (the run is cancelled past PAGE_UPDATES_MAX updates). */
  endedAtStop: number;
  p50: number;
  p95: number;
  max: number;
  /** The two parts of an update: the body arriving and parsed (the server's writing included), then the page's work to the frame. */
  bodyP50: number;
  clientP50: number;
  clientP95: number;
}

/** Fewer polls than this make no percentile worth the name: the page part fails rather than report one. */
const PAGE_UPDATES_MIN = 20;
/** Updates measured at most; the run is cancelled then, so a slow machine does not stretch the bench without end. */
const PAGE_UPDATES_MAX = 60;

/**
 * Times each poll of GET /api/evaluations/runs/{id} in the page: from its answer's headers to the first frame after the
 * DOM shows that answer's figures (the status, the items ended, each version's done / failed / pending), so the
 * body's arrival, its parse, the schema check, React's render and commit and the frame are all in it. What the
 * answer says is read from a clone of the response; a poll whose figures the page already shows is counted as
 * unchanged, not timed (no update to wait for), and one overtaken by the next poll is dropped.
 */
const PAGE_PROBE = `(() => {
  window.__updates = [];
  window.__unchanged = 0;
  const text = (root, id) => (root.querySelector('[data-testid="' + id + '"]')?.textContent ?? "").replace(/\\s+/g, " ").trim();
  const shown = () => {
    const root = document.querySelector('[data-testid="evaluation-run"]');
    if (!root) return "";
    const parts = [root.getAttribute("data-status"), text(root, "run-ended")];
    for (const row of root.querySelectorAll('[data-testid="version-progress"]')) parts.push(row.getAttribute("data-version-id"), text(row, "version-done"), text(row, "version-failed"), text(row, "version-pending"));
    return parts.join("|");
  };
  const expected = (run) => {
    const totals = run.progress.totals;
    const parts = [run.status, (totals.done + totals.failed) + " / " + totals.total];
    for (const version of run.progress.versions) parts.push(version.id, String(version.done), String(version.failed), String(version.pending + version.running));
    return parts.join("|");
  };
  let pending = null;
  const settle = () => {
    if (pending === null || shown() !== pending.want) return;
    const update = pending;
    pending = null;
    update.dom = performance.now();
    requestAnimationFrame(() => setTimeout(() => window.__updates.push({ total: performance.now() - update.headers, body: update.body - update.headers, client: performance.now() - update.body }), 0));
  };
  const original = window.fetch;
  window.fetch = async (...args) => {
    const response = await original(...args);
    const url = String(args[0] && args[0].url ? args[0].url : args[0]);
    if (response.ok && /\\/api\\/evaluations\\/runs\\/[0-9a-f-]{36}$/.test(url)) {
      const update = { headers: performance.now(), before: shown() };
      pending = null;
      response.clone().json().then((body) => {
        update.body = performance.now();
        update.want = expected(body.data);
        if (update.want === update.before) window.__unchanged++;
        else {
          pending = update;
          settle();
        }
      });
    }
    return response;
  };
  new MutationObserver(settle).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();`;

async function pagePart(dir: string, timeScale: number): Promise<PageFigure> {
  const password = "bench-demo-password";
  let app: AppProcess | null = null;
  const browser = await launchChromium();
  try {
    app = await startApp(
      {
        DATA_DIR: path.join(dir, "app"),
        DEMO_PASSWORD: password,
        EMBEDDED_GATEWAY_ANSWER_TIME_SCALE: String(timeScale),
        EMBEDDED_GATEWAY_RATE_LIMIT: "1000000",
        RATE_LIMIT_GATEWAY_PER_MINUTE: "1000000",
        GATEHOUSE_ENV_FILE: "none",
      },
      log,
    );
    const credentials = { email: "editor@demo.local", password };
    const cookie = await signIn(app.baseUrl, credentials);
    const api = async (route: string, body?: unknown) => {
      const response = await fetch(`${app!.baseUrl}${route}`, {
        method: "POST",
        headers: { cookie, origin: app!.baseUrl, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${route} -> ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: Record<string, unknown> }).data;
    };
    const set = await api("/api/evaluations/question-sets", { name: "bench page", rows: questions(QUESTIONS).map((question) => ({ question })) });
    const context = await signedInContext(browser, app.baseUrl, credentials);
    await context.addInitScript({ content: PAGE_PROBE });
    const page = await context.newPage();
    // The app's pages compiled and warm before the run starts: a loaded machine serves the first page slowly.
    await page.goto(`${app.baseUrl}/evaluations/runs`, { waitUntil: "load", timeout: 180_000 });
    const run = await api("/api/evaluations/runs", { set_id: set.set_id, models: ["gatehouse/swift", "gatehouse/echo"], concurrency: 16, cap_usd: 5 });
    const runId = String(run.id);
    await page.goto(`${app.baseUrl}/evaluations/runs/${runId}`, { waitUntil: "domcontentloaded", timeout: 180_000 });
    const measured = () => page.evaluate(() => (window as unknown as { __updates: unknown[] }).__updates.length);
    const finished = page.locator('[data-testid="evaluation-run"]:not([data-status="running"])');
    const deadline = Date.now() + 15 * 60_000;
    while ((await measured()) < PAGE_UPDATES_MAX && (await finished.count()) === 0) {
      if (Date.now() > deadline) throw new Error("the run page's run did not end within 15 minutes");
      await page.waitForTimeout(500);
    }
    const ended = ((await page.getByTestId("run-ended").textContent()) ?? "").split("/")[0].trim();
    if ((await finished.count()) === 0) await api(`/api/evaluations/runs/${runId}/cancel`);
    const { updates, unchanged } = await page.evaluate(() => {
      const probe = window as unknown as { __updates: { total: number; body: number; client: number }[]; __unchanged: number };
      return { updates: probe.__updates, unchanged: probe.__unchanged };
    });
    if (updates.length < PAGE_UPDATES_MIN) {
      throw new Error(`only ${updates.length} updates measured (fewer than ${PAGE_UPDATES_MIN}): the run ended too soon; raise --page-time-scale`);
    }
    const totals = updates.map((update) => update.total);
    const clients = updates.map((update) => update.client);
    return {
      items: QUESTIONS * 2,
      timeScale,
      updates: updates.length,
      unchanged,
      endedAtStop: Number(ended),
      p50: percentile(totals, 50),
      p95: percentile(totals, 95),
      max: Math.max(...totals),
      bodyP50: percentile(
        updates.map((update) => update.body),
        50,
      ),
      clientP50: percentile(clients, 50),
      clientP95: percentile(clients, 95),
    };
  } finally {
    await browser.close();
    await stopProcess(app?.child ?? null);
  }
}

function pageLine(page: PageFigure): string {
  return (
    `${page.updates} updates with ${page.items.toLocaleString("en")} items (answer time scale ${page.timeScale}; ${page.unchanged} polls changed nothing; ${page.endedAtStop} items ended when measuring stopped): ` +
    `p50 ${fmt(page.p50)} ms, p95 ${fmt(page.p95)} ms, max ${fmt(page.max)} ms; of which the body's arrival p50 ${fmt(page.bodyP50)} ms, the page's own work p50 ${fmt(page.clientP50)} ms, p95 ${fmt(page.clientP95)} ms`
  );
}

function logPage(page: PageFigure): void {
  log(`page: ${pageLine(page)}`);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gatehouse-bench-evaluation-"));
  if (process.env.BENCH_RUNNER === "0") {
    try {
      const page = await pagePart(dir, PAGE_TIME_SCALE);
      logPage(page);
      log(`wrote ${writeResults("evaluation-page.json", page)}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  let gateway: GatewayProcess | null = null;
  try {
    gateway = await startGateway(benchGatewayEnv(path.join(dir, "gateway"), KEYS, { EMBEDDED_GATEWAY_ANSWER_TIME_SCALE: "0", EMBEDDED_GATEWAY_DEMO_FILES: "0", EMBEDDED_GATEWAY_CORPUS: "fixed" }), log);
    const runner = await runnerPart(gateway, dir);
    await stopProcess(gateway.child);
    gateway = null;
    const page = process.env.BENCH_PAGE === "0" ? null : await pagePart(dir, PAGE_TIME_SCALE);
    if (page) logPage(page);

    const big = runner.find((figure) => figure.rssPeakMb !== undefined)!;
    const growth = big.rssPeakMb! - big.rssBaselineMb!;
    log(`RSS: baseline ${fmt(big.rssBaselineMb!)} MB, peak ${fmt(big.rssPeakMb!)} MB, growth ${fmt(growth)} MB (target < 100 MB)`);
    const results = writeResults("evaluation-runs.json", { questions: QUESTIONS, runner, rss_growth_mb: growth, page });
    const body = [
      `${QUESTIONS.toLocaleString("en")} questions × 2 versions (${(QUESTIONS * 2).toLocaleString("en")} items) per run, embedded gateway at answer time scale 0.`,
      "",
      markdownTable(
        ["Concurrency", "Items", "Run time (s)", "Items/s", "Gateway alone (calls/s)"],
        runner.map((figure) => [figure.concurrency, figure.items, fmt(figure.seconds), fmt(figure.itemsPerSecond), fmt(figure.ceilingPerSecond)]),
      ),
      "",
      `RSS of the runner's process over the concurrency-16 run: ${fmt(big.rssBaselineMb!)} MB before, ${fmt(big.rssPeakMb!)} MB at most: **${fmt(growth)} MB** growth (target < 100 MB).`,
      "",
      page
        ? `Run page update (a poll's answer arrived → the next frame after the DOM shows it), ${pageLine(page)} (target < 50 ms).`
        : "Run page update: not measured (BENCH_PAGE=0).",
    ].join("\n");
    const doc = writeBenchmarkSection("evaluation-runs", "npm run bench:evaluation-runs", body);
    log(`wrote ${results}${doc ? ` and ${path.relative(root, doc)}` : ""}`);
    if (growth >= 100) throw new Error(`RSS grew ${fmt(growth)} MB, over the 100 MB target`);
    if (page && page.p95 >= 50) log(`warning: the page's p95 update, ${fmt(page.p95)} ms, is over 50 ms (a loaded machine stretches wall-clock times)`);
  } finally {
    await stopProcess(gateway?.child ?? null);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench("bench:evaluation-runs", main);

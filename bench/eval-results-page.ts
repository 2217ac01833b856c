/**
 * `npm run bench:eval-results-page`: the results page of a 10,000-question × 2-version run, in Chromium.
 *
 * A finished run is written into a fresh app database with the app's own stores (questions, a plan of two
 * versions, 20,000 items whose answers, citations and sources vary by question and version, and the checks
 * evaluateChecks gives them): no model is called, so the figures are the page's alone. Then the production
 * app (server/launch.mjs) serves it and a viewer opens /evaluations/runs/<id>/results and scrolls the question
 * table from the first row to the last, one viewport per frame, waiting where rows are still being fetched.
 *
 * Reported: rows in the DOM (most at once: the table is virtualized), long tasks during the scroll (count and
 * longest; budget: none over 50 ms), frame time p50/p95, and the JS heap at the end. Exits 1 over budget.
 * Environment: BENCH_QUESTIONS (default 10000).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { appDbFile, openAppDb } from "../lib/server/db/app-db";
import { EvalRunsStore } from "../lib/server/db/eval-runs-store";
import { QuestionSetsStore } from "../lib/server/db/question-sets-store";
import { CheckSpecSchema } from "../lib/eval/checks";
import { evaluateChecks } from "../lib/eval/evaluate";
import type { ItemResult } from "../lib/eval/item-result";
import { markdownTable, writeBenchmarkSection } from "./report-table";
import { benchLog, fmt, launchChromium, percentile, root, runBench, signIn, signedInContext, startApp, stopProcess, writeResults, type AppProcess } from "./support";

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 10_000);
const LONG_TASK_BUDGET_MS = 50;
const PASSWORD = "bench-demo-password";
const log = benchLog("bench:eval-results-page");

const VERSIONS = [
  { id: "gatehouse/swift", label: "swift", request: { model: "gatehouse/swift" } },
  { id: "gatehouse/echo", label: "echo", request: { model: "gatehouse/echo" } },
];
const CHECKS = [
  { kind: "min-citations", n: 3 },
  { kind: "no-domain", domains: ["site7.example"] },
  { kind: "max-latency-ms", ms: 2500 },
].map((check) => CheckSpecSchema.parse(check));

const WORDS = "index keyset page cursor order rows limit offset query log write ahead reader writer checkpoint mode retry header seconds client server rate".split(" ");

function pseudo(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** An answer of ~80 words with 3–6 citations; version 1 swaps some sources, so "citations changed" has rows. */
function itemResult(version: number, question: number, random: () => number): ItemResult {
  const words = Array.from({ length: 80 }, () => WORDS[Math.floor(random() * WORDS.length)]);
  const answer = `${words.join(" ")}.`;
  const count = 3 + Math.floor(random() * 4);
  const urls = Array.from({ length: count }, (_, i) => `https://site${(question + i + (version === 1 && i === 0 && question % 3 === 0 ? 17 : 0)) % 40}.example/docs/${question % 97}/${i}`);
  return {
    answer,
    citations: urls.map((url, i) => ({ url, title: `Source ${i + 1}`, start_index: i * 12, end_index: i * 12 + 10 })),
    sources: urls.map((url, i) => ({ url, title: `Source ${i + 1}`, snippet: words.slice(i * 5, i * 5 + 12).join(" "), published_at: "2026-10-01" })),
    cost_usd: 0.0004 + random() / 1000,
    latency_ms: 400 + random() * 3000,
    ttft_ms: 150 + random() * 200,
  };
}

/** Writes the finished run into DATA_DIR's app database; returns its id. */
async function seedFinishedRun(dataDir: string): Promise<string> {
  const db = await openAppDb({ dialect: "sqlite", file: appDbFile(dataDir) });
  try {
    const runs = new EvalRunsStore(db);
    const sets = new QuestionSetsStore(db);
    const setId = randomUUID();
    const rows = Array.from({ length: QUESTIONS }, (_, q) => ({ question: `Question ${q + 1}: how does the ${WORDS[q % WORDS.length]} work?`, tags: [`tag${q % 5}`], allowed_domains: [], time_sensitive: q % 4 === 0 }));
    await sets.create({ id: setId, name: "bench results", rows, userEmail: "editor@demo.local" });
    const runId = randomUUID();
    const items = VERSIONS.flatMap((_, version) => Array.from({ length: QUESTIONS }, (_, question) => ({ version_index: version, question_index: question, repeat_index: 0 })));
    await runs.create({ id: runId, userId: "bench", setId, setVersion: 1, plan: { versions: VERSIONS, repeats: 1, concurrency: 4, checks: CHECKS }, capUsd: 20, itemReserveUsd: 0, items });
    const random = pseudo(7);
    const ended = new Date().toISOString();
    await db.kysely.transaction().execute(async (trx) => {
      for (const item of items) {
        const result = itemResult(item.version_index, item.question_index, random);
        const checks = await evaluateChecks(result, CHECKS);
        await trx
          .updateTable("eval_items")
          .set({ status: "done", result: JSON.stringify(result), checks: JSON.stringify(checks), cost_usd: result.cost_usd, started_at: ended, ended_at: ended })
          .where("run_id", "=", runId)
          .where("version_index", "=", item.version_index)
          .where("question_index", "=", item.question_index)
          .execute();
      }
      await trx.updateTable("eval_runs").set({ status: "finished", ended_at: ended }).where("id", "=", runId).execute();
    });
    return runId;
  } finally {
    await db.close();
  }
}

interface ScrollFigures {
  rowsInDomMax: number;
  frameTimes: number[];
  longTasks: number[];
  scrollSeconds: number;
}

/**
 * In the page: scrolls the question table to its last question and measures frames, long tasks and rows in the
 * DOM. The table loads its rows a page at a time as the end comes near, so at the end of what is loaded the
 * frames go on without scrolling until the next page arrives; done when the last question's row is shown.
 */
async function scrollThrough(total: number): Promise<ScrollFigures> {
  const scroller = document.querySelector<HTMLElement>('[data-testid="results-scroller"]')!;
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: "longtask" });
  const frameTimes: number[] = [];
  let rowsInDomMax = 0;
  const started = performance.now();
  let last = started;
  const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
  for (let guard = 0; guard < 200_000; guard++) {
    const now = await nextFrame();
    frameTimes.push(now - last);
    last = now;
    // Two header rows; the rest are questions.
    rowsInDomMax = Math.max(rowsInDomMax, scroller.querySelectorAll('[role="row"]').length - 2);
    const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
    if (atEnd && scroller.querySelector(`[aria-rowindex="${total + 2}"]`)) break;
    if (!atEnd) scroller.scrollTop += scroller.clientHeight;
  }
  // Long tasks are reported after the frame they happened in.
  await nextFrame();
  await new Promise((resolve) => setTimeout(resolve, 200));
  observer.disconnect();
  return { rowsInDomMax, frameTimes, longTasks, scrollSeconds: (performance.now() - started) / 1000 };
}

interface PageFigures extends ScrollFigures {
  frameP50: number;
  frameP95: number;
  heapMb: number;
}

async function measurePage(app: AppProcess, runId: string): Promise<PageFigures> {
  const browser = await launchChromium();
  try {
    const context = await signedInContext(browser, app.baseUrl, { email: "viewer@demo.local", password: PASSWORD });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/evaluations/runs/${runId}/results`, { waitUntil: "domcontentloaded", timeout: 180_000 });
    await page.getByRole("table", { name: `Questions (${QUESTIONS})` }).waitFor({ timeout: 180_000 });
    await page.locator('[data-testid="results-scroller"] a').first().waitFor({ timeout: 180_000 });
    const measured = await page.evaluate(scrollThrough, QUESTIONS);
    const lastRow = await page.locator(`[data-testid="results-scroller"] [aria-rowindex="${QUESTIONS + 2}"]`).count();
    if (lastRow !== 1) throw new Error("the scroll ended before the last question's row was shown");
    const cdp = await context.newCDPSession(page);
    await cdp.send("HeapProfiler.collectGarbage");
    const { usedSize } = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };
    return { ...measured, frameP50: percentile(measured.frameTimes, 50), frameP95: percentile(measured.frameTimes, 95), heapMb: usedSize / 2 ** 20 };
  } finally {
    await browser.close();
  }
}

/** The demo evaluation starts at the app's first start: measured pages should not share the CPU with it. */
async function demoRunsFinished(app: AppProcess): Promise<void> {
  const cookie = await signIn(app.baseUrl, { email: "viewer@demo.local", password: PASSWORD });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const response = await fetch(`${app.baseUrl}/api/eval/runs`, { headers: { cookie } });
    const runs = ((await response.json()) as { data: { status: string }[] }).data;
    if (!runs.some((run) => run.status === "running")) return;
    if (Date.now() > deadline) throw new Error("the demo evaluation run did not finish within 10 minutes");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gatehouse-bench-results-page-"));
  let app: AppProcess | null = null;
  try {
    const env = { DATA_DIR: dir, DEMO_PASSWORD: PASSWORD, GATEHOUSE_ENV_FILE: "none", EMBEDDED_GATEWAY_DEMO_FILES: "0", EMBEDDED_GATEWAY_ANSWER_TIME_SCALE: "0" };
    log(`writing a finished run of ${QUESTIONS.toLocaleString("en")} questions × ${VERSIONS.length} versions`);
    const runId = await seedFinishedRun(dir);
    app = await startApp(env, log);
    await demoRunsFinished(app);
    const figures = await measurePage(app, runId);
    const overBudget = figures.longTasks.filter((ms) => ms > LONG_TASK_BUDGET_MS);
    const longest = figures.longTasks.length ? Math.max(...figures.longTasks) : 0;
    log(
      `rows in the DOM at most ${figures.rowsInDomMax}; ${figures.frameTimes.length} frames over ${fmt(figures.scrollSeconds)} s, p50 ${fmt(figures.frameP50)} ms, p95 ${fmt(figures.frameP95)} ms; ` +
        `long tasks ${figures.longTasks.length} (longest ${fmt(longest)} ms, ${overBudget.length} over ${LONG_TASK_BUDGET_MS} ms); heap ${fmt(figures.heapMb)} MB`,
    );
    const results = writeResults("eval-results-page.json", { questions: QUESTIONS, versions: VERSIONS.length, ...figures, frameTimes: undefined, frames: figures.frameTimes.length });
    const body = [
      `The results page of a finished run of ${QUESTIONS.toLocaleString("en")} questions × ${VERSIONS.length} versions, scrolled from the first question to the last (one viewport per frame) by a viewer in Chromium at 1280×900.`,
      "",
      markdownTable(
        ["Rows in the DOM (most)", "Frames", "Frame p50 (ms)", "Frame p95 (ms)", "Long tasks", `Longest task (ms, budget ${LONG_TASK_BUDGET_MS})`, "JS heap after GC (MB)"],
        [[figures.rowsInDomMax, figures.frameTimes.length, fmt(figures.frameP50), fmt(figures.frameP95), figures.longTasks.length, fmt(longest), fmt(figures.heapMb)]],
      ),
    ].join("\n");
    const doc = writeBenchmarkSection("eval-results-page", "npm run bench:eval-results-page", body);
    log(`wrote ${results}${doc ? ` and ${path.relative(root, doc)}` : ""}`);
    if (overBudget.length > 0) throw new Error(`${overBudget.length} long task(s) over ${LONG_TASK_BUDGET_MS} ms while scrolling (longest ${fmt(longest)} ms)`);
  } finally {
    await stopProcess(app?.child ?? null);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench("bench:eval-results-page", main);

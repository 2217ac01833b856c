/**
 * `npm run bench:studio`: the preset studio's typing budget, as a gate. Budget: with 20 metadata pairs and 10
 * tools in the form, no keystroke causes a long task (a main-thread task over 50 ms). It exits non-zero when
 * the budget is not met.
 *
 * It starts its own app in embedded mode (server/start.ts, production build, its own data folder, free ports),
 * signs in as the demo editor, saves a preset with 16 metadata pairs (the contract's most) and 9 function tools
 * through the BFF, opens its editor in headless Chromium and works one key at a time, as a user would:
 *   adding (a figure of its own, not the budget): adds 4 metadata pairs (20 in all, so the form also holds a
 *     broken constraint), typing each key and value, then a tenth function tool, typing its name and description;
 *   typing (the budget), with 20 pairs and 10 tools present: a sentence into the system prompt, into the last
 *     metadata key and value, into the first tool's description and the last tool's name.
 * Each keystroke is timed in the page from its keydown to the first task after the next frame (the input's
 * handlers, React's render and commit, style and layout): the time a user waits to see the key. A
 * PerformanceObserver records every long task; each belongs to the keystroke it follows (up to the next key, or
 * for a step's last key the quiet second after it, where debounced work such as a field's check lands).
 *
 * Long tasks are wall-clock times: on a loaded machine the page's thread waits for a core too. BENCH_TRACE=1 also
 * records a Chromium trace and reports each keystroke's longest task in CPU time (the thread's own time), the
 * figure to compare builds by when the machine is busy.
 *
 * Environment:
 *   BENCH_TRACE         1: also report CPU time per keystroke from a Chromium trace (adds a little overhead)
 *   BENCH_TRACE_DIR     with BENCH_TRACE, write each figure's trace there (open it in DevTools' Performance panel)
 *   BENCH_CPU_THROTTLE  slow the page's CPU down by this factor (Chromium's CPU throttling; default 1)
 *   BENCH_BASE_URL      use an app already running in embedded mode, signed in as editor@demo.local with BENCH_PASSWORD
 *   NEXT_DIST_DIR       which production build to use or make (default .next)
 *   CHROMIUM_PATH       browser (default: Playwright's, else the system's Chromium)
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { markdownTable, writeBenchmarkSection } from "./report-table";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { benchLog, fmt, freePort, launchChromium, percentile, root, runBench, signedInContext, startApp, stopProcess, waitForHttp, writeResults, type AppProcess } from "./support";

const PASSWORD = process.env.BENCH_PASSWORD ?? "bench-studio";
const EDITOR = { email: "editor@demo.local", password: PASSWORD };
const THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 1);
const TRACE = process.env.BENCH_TRACE === "1";
const TRACE_DIR = process.env.BENCH_TRACE_DIR;
const SEEDED_PAIRS = 16;
const TOTAL_PAIRS = 20;
const SEEDED_TOOLS = 9;
const TOTAL_TOOLS = 10;
/** The Long Tasks API's threshold, and the budget: no task over it per keystroke. */
const BUDGET_MS = 50;
const log = benchLog("bench:studio");

/** The preset the bench edits: the most metadata pairs a save accepts, and nine function tools with schemas. */
function largePreset(): Record<string, unknown> {
  const metadata = Object.fromEntries(Array.from({ length: SEEDED_PAIRS }, (_, i) => [`team_label_${i}`, `value number ${i}`]));
  const tools = Array.from({ length: SEEDED_TOOLS }, (_, i) => ({
    type: "function",
    function: {
      name: `lookup_${i}`,
      description: `Looks up record kind ${i} by its identifier.`,
      parameters: { type: "object", properties: { id: { type: "string", description: "The identifier" }, limit: { type: "integer", minimum: 1 } }, required: ["id"] },
    },
  }));
  return { model: "gatehouse/echo", temperature: 0.4, stop: ["END"], metadata, tools, messages: [{ role: "system", content: "You answer briefly." }] };
}

function startStudioApp(): Promise<AppProcess> {
  const dataDir = path.join(root, ".data-bench-studio");
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  return freePort().then((gatewayPort) => startApp({ GATEWAY_PORT: String(gatewayPort), DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD }, log));
}

// ---------------------------------------------------------------------------------------------
// In the page

interface KeyTiming {
  key: string;
  /** performance.now() of the keydown. */
  down: number;
  /** performance.now() of the mark the keydown left for a trace. */
  markAt: number;
  /** keydown to the first task after the next frame. */
  shownMs: number;
}
type PageState = { __longTasks: { start: number; duration: number }[]; __keys: KeyTiming[] };

/** Installed before any page script: long tasks, and per keystroke the time from keydown to the next frame's first task. */
function instrument() {
  const w = window as unknown as PageState;
  w.__longTasks = [];
  w.__keys = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
  document.addEventListener(
    "keydown",
    (event) => {
      const down = event.timeStamp;
      // A trace (BENCH_TRACE) finds the keydown, and the page's clock, by this mark.
      const mark = performance.mark(`bench-key-${w.__keys.length}`);
      const timing: KeyTiming = { key: event.key, down, markAt: mark.startTime, shownMs: Number.NaN };
      w.__keys.push(timing);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (timing.shownMs = performance.now() - down);
        channel.port2.postMessage(null);
      });
    },
    { capture: true },
  );
}

/** Presses each key in `keys` into the focused control, each after the previous one was shown. */
async function pressMeasured(page: Page, keys: string[]) {
  for (const key of keys) {
    const before = await page.evaluate(() => (window as unknown as PageState).__keys.length);
    await page.keyboard.press(key);
    await page.waitForFunction((count) => (window as unknown as PageState).__keys.slice(count).some((k) => !Number.isNaN(k.shownMs)), before, { polling: "raf" });
  }
}

/** Moves to the end of the focused control's text, then types `text` one key at a time. */
const appendMeasured = (page: Page, text: string) => pressMeasured(page, ["End", ...Array.from(text, (char) => (char === " " ? "Space" : char))]);

// ---------------------------------------------------------------------------------------------
// Steps and figures

interface KeyResult {
  key: string;
  shownMs: number;
  /** The longest long task from this keydown to the next (0: none). */
  longestTaskMs: number;
  longTasks: number;
  /** With BENCH_TRACE: the most CPU time one main-thread task took from this keydown to the next. */
  longestCpuMs?: number;
}
interface Step {
  name: string;
  keys: KeyResult[];
  /** Every long task of the step, keystrokes' or not (clicks, focus). */
  longTasks: number[];
  /** With BENCH_TRACE: main-thread tasks of the step over BUDGET_MS of CPU time. */
  cpuLongTasks?: number;
}
interface StepMarks {
  name: string;
  firstKey: number;
  lastKey: number;
  start: number;
  end: number;
}

/** Runs `act` as one step: its keystrokes and the long tasks from its start to a quiet second after it. */
async function step(page: Page, name: string, act: () => Promise<void>): Promise<StepMarks> {
  const start = await page.evaluate(() => ({ keys: (window as unknown as PageState).__keys.length, at: performance.now() }));
  await act();
  // Work a change schedules for later (a debounced check, the draft, the JSON view) belongs to the step too.
  await page.waitForTimeout(1000);
  const end = await page.evaluate(() => ({ keys: (window as unknown as PageState).__keys.length, at: performance.now() }));
  return { name, firstKey: start.keys, lastKey: end.keys, start: start.at, end: end.at };
}

type Task = { start: number; duration: number };
const between = (tasks: Task[], from: number, to: number) => tasks.filter((task) => task.start >= from && task.start < to).map((task) => task.duration);

/** Each step's keystrokes with the long tasks that followed them (and, from a trace, their tasks' CPU times). */
async function stepResults(page: Page, marks: StepMarks[], trace: Buffer | null): Promise<Step[]> {
  const { keys, longTasks } = await page.evaluate(() => {
    const w = window as unknown as PageState;
    return { keys: w.__keys, longTasks: w.__longTasks };
  });
  const cpu = trace ? cpuTasks(trace, keys) : null;
  return marks.map((mark) => {
    const stepKeys = keys.slice(mark.firstKey, mark.lastKey);
    // A key's tasks: from its keydown to the next key's, or for the step's last key to the end of its quiet second.
    const windowOf = (i: number): [number, number] => [stepKeys[i].down, stepKeys[i + 1]?.down ?? mark.end];
    return {
      name: mark.name,
      longTasks: between(longTasks, mark.start, mark.end),
      ...(cpu ? { cpuLongTasks: between(cpu, mark.start, mark.end).filter((ms) => ms > BUDGET_MS).length } : {}),
      keys: stepKeys.map((key, i) => {
        const tasks = between(longTasks, ...windowOf(i));
        const result: KeyResult = { key: key.key, shownMs: key.shownMs, longestTaskMs: Math.max(0, ...tasks), longTasks: tasks.length };
        if (cpu) result.longestCpuMs = Math.max(0, ...between(cpu, ...windowOf(i)));
        return result;
      }),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// CPU time from a Chromium trace (BENCH_TRACE)

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  tdur?: number;
}

/**
 * The page's main-thread tasks from a trace, each with its start on the page's clock (performance.now()) and its
 * CPU time (the trace's thread duration). The main thread is the one carrying the keystrokes' marks; its clock is
 * matched to the page's by the first mark.
 */
function cpuTasks(trace: Buffer, keys: KeyTiming[]): { start: number; duration: number }[] {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = events.find((event) => /^bench-key-\d+$/.test(event.name) && event.ph !== "X");
  const key = mark ? keys[Number(mark.name.slice("bench-key-".length))] : undefined;
  if (!mark || !key) throw new Error("the trace holds none of the keystrokes' marks");
  const offsetUs = mark.ts - key.markAt * 1000;
  return events
    .filter((e) => e.name === "RunTask" && e.ph === "X" && e.pid === mark.pid && e.tid === mark.tid && e.tdur !== undefined)
    .map((e) => ({ start: (e.ts - offsetUs) / 1000, duration: (e.tdur ?? 0) / 1000 }));
}

async function traced<T>(browser: Browser, page: Page, file: string, act: () => Promise<T>): Promise<{ result: T; trace: Buffer | null }> {
  if (!TRACE) return { result: await act(), trace: null };
  const categories = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", ...(TRACE_DIR ? ["disabled-by-default-v8.cpu_profiler"] : [])];
  await browser.startTracing(page, { categories });
  const result = await act();
  const trace = await browser.stopTracing();
  if (TRACE_DIR) {
    mkdirSync(TRACE_DIR, { recursive: true });
    writeFileSync(path.join(TRACE_DIR, file), trace);
  }
  return { result, trace };
}

// ---------------------------------------------------------------------------------------------

interface Figure {
  name: string;
  budget: boolean;
  steps: Step[];
}

async function measure(baseUrl: string): Promise<Figure[]> {
  const browser = await launchChromium();
  try {
    const context = await signedInContext(browser, baseUrl, EDITOR);
    const page = await context.newPage();
    await page.addInitScript(instrument);
    const slug = `bench-studio-${Date.now().toString(36)}`;

    // Saved the way the studio saves (same origin, so the BFF's Origin check passes).
    await page.goto(`${baseUrl}/presets`);
    const status = await page.evaluate(
      async ({ slug, preset }) => (await fetch(`/api/presets/${slug}`, { method: "POST", headers: { "content-type": "application/json", "If-None-Match": "*" }, body: JSON.stringify(preset) })).status,
      { slug, preset: largePreset() },
    );
    if (status !== 200) throw new Error(`saving the bench preset answered ${status}`);

    await page.goto(`${baseUrl}/presets/${slug}`);
    const metadata = page.locator("#section-metadata");
    const tools = page.locator("#section-tools");
    const toolField = (label: string) => tools.getByLabel(label, { exact: true }).and(page.locator("input, textarea"));
    await metadata.getByLabel(`Metadata pairs key ${SEEDED_PAIRS}`, { exact: true }).waitFor({ timeout: 60_000 });
    await page.getByTestId("request-json").locator(".cm-content").waitFor({ timeout: 60_000 });
    if (THROTTLE > 1) await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
    await page.waitForTimeout(1000);

    const adding = await traced(browser, page, "studio-adding.json", async () => {
      const marks: StepMarks[] = [];
      marks.push(
        await step(page, `add ${TOTAL_PAIRS - SEEDED_PAIRS} metadata pairs`, async () => {
          for (let pair = SEEDED_PAIRS + 1; pair <= TOTAL_PAIRS; pair++) {
            await metadata.getByRole("button", { name: "Add pair" }).click();
            await metadata.getByLabel(`Metadata pairs key ${pair}`, { exact: true }).focus();
            await appendMeasured(page, `extra_key_${pair}`);
            await metadata.getByLabel(`Metadata pairs value ${pair}`, { exact: true }).focus();
            await appendMeasured(page, `extra value ${pair}`);
          }
        }),
      );
      marks.push(
        await step(page, "add a function tool", async () => {
          await tools.getByRole("button", { name: "Add function tool" }).click();
          await toolField("Name").nth(TOTAL_TOOLS - 1).focus();
          await appendMeasured(page, "_lookup");
          await toolField("Description").nth(TOTAL_TOOLS - 1).focus();
          await appendMeasured(page, "Looks up the rest.");
        }),
      );
      return marks;
    });
    if ((await toolField("Name").count()) !== TOTAL_TOOLS) throw new Error(`the form should hold ${TOTAL_TOOLS} tools`);

    const typing = await traced(browser, page, "studio-typing.json", async () => {
      const marks: StepMarks[] = [];
      marks.push(
        await step(page, "system prompt", async () => {
          await page.getByLabel("System prompt", { exact: true }).and(page.locator("textarea")).focus();
          await appendMeasured(page, " Cite the record you used and say when it is older than a week.");
        }),
      );
      marks.push(
        await step(page, "metadata key and value", async () => {
          await metadata.getByLabel(`Metadata pairs key ${TOTAL_PAIRS}`, { exact: true }).focus();
          await appendMeasured(page, "_b");
          await metadata.getByLabel(`Metadata pairs value ${TOTAL_PAIRS}`, { exact: true }).focus();
          await appendMeasured(page, " and more");
        }),
      );
      marks.push(
        await step(page, "tool description and name", async () => {
          await toolField("Description").first().focus();
          await appendMeasured(page, " Only active records.");
          await toolField("Name").last().focus();
          await appendMeasured(page, "_v2");
        }),
      );
      return marks;
    });

    const problems = await page.getByTestId("editor-status").textContent();
    if (!problems?.includes("problem")) throw new Error(`the status should count the broken metadata limit; it says "${problems}"`);

    const figures: Figure[] = [];
    for (const [name, budget, run] of [
      ["adding pairs and a tool", false, adding],
      [`typing (${TOTAL_PAIRS} pairs, ${TOTAL_TOOLS} tools)`, true, typing],
    ] as const) {
      const steps = await stepResults(page, run.result, run.trace);
      figures.push({ name, budget, steps });
    }
    return figures;
  } finally {
    await browser.close();
  }
}

function summarise(name: string, steps: Step[]) {
  const round = (n: number) => Math.round(n * 10) / 10;
  const keys = steps.flatMap((s) => s.keys);
  const shown = keys.map((k) => k.shownMs);
  const longTasks = steps.flatMap((s) => s.longTasks);
  return {
    name,
    keys: keys.length,
    p50Ms: round(percentile(shown, 50)),
    p95Ms: round(percentile(shown, 95)),
    maxMs: round(percentile(shown, 100)),
    longTasks: longTasks.length,
    keysWithLongTask: keys.filter((k) => k.longTasks > 0).length,
    longestTaskMs: Math.round(Math.max(0, ...longTasks)),
    longestTaskPerKeyP95Ms: Math.round(percentile(keys.map((k) => k.longestTaskMs), 95)),
    ...(TRACE
      ? { cpuLongTasks: steps.reduce((n, s) => n + (s.cpuLongTasks ?? 0), 0), longestCpuMs: round(Math.max(0, ...keys.map((k) => k.longestCpuMs ?? 0))), cpuP95Ms: round(percentile(keys.map((k) => k.longestCpuMs ?? 0), 95)) }
      : {}),
  };
}

async function main() {
  let app: AppProcess | null = null;
  try {
    let baseUrl = process.env.BENCH_BASE_URL;
    if (baseUrl) await waitForHttp(`${baseUrl}/api/health`, null);
    else {
      log("starting the app in embedded mode (builds first if needed)…");
      app = await startStudioApp();
      baseUrl = app.baseUrl;
    }
    const loadBefore = loadavg()[0];
    const figures = await measure(baseUrl);
    const load = Math.round(((loadBefore + loadavg()[0]) / 2) * 10) / 10;
    const tables = figures.map((figure) => ({ ...figure, rows: [...figure.steps.map((s) => summarise(s.name, [s])), summarise(`all: ${figure.name}`, figure.steps)] }));

    console.log("");
    console.log(`preset: ${TOTAL_PAIRS} metadata pairs, ${TOTAL_TOOLS} function tools; CPU throttle ${THROTTLE}x; load average ${load} on ${cpus().length} cores`);
    const cpuHeader = TRACE ? " CPU: tasks > 50 ms | longest task CPU ms per key (p95 / max) |" : "";
    console.log(`| step | keys | keystroke p50 ms | p95 ms | max ms | long tasks > 50 ms | keys with one | longest task ms per key (p95 / max) |${cpuHeader}`);
    console.log(`| --- | --- | --- | --- | --- | --- | --- | --- |${TRACE ? " --- | --- |" : ""}`);
    for (const table of tables) {
      for (const r of table.rows) {
        const cpu = TRACE ? ` ${r.cpuLongTasks} | ${fmt(r.cpuP95Ms ?? 0)} / ${fmt(r.longestCpuMs ?? 0)} |` : "";
        console.log(`| ${r.name} | ${r.keys} | ${fmt(r.p50Ms)} | ${fmt(r.p95Ms)} | ${fmt(r.maxMs)} | ${r.longTasks} | ${r.keysWithLongTask} | ${r.longestTaskPerKeyP95Ms} / ${r.longestTaskMs} |${cpu}`);
      }
    }
    const budget = tables.find((t) => t.budget)!;
    const total = budget.rows[budget.rows.length - 1];
    const worst = budget.steps.flatMap((s) => s.keys.map((k) => ({ step: s.name, ...k }))).sort((a, b) => b.longestTaskMs - a.longestTaskMs).filter((k) => k.longestTaskMs > 0).slice(0, 5);
    if (worst.length > 0) console.log(`longest tasks after a key: ${worst.map((k) => `${k.step} "${k.key}" ${Math.round(k.longestTaskMs)} ms`).join("; ")}`);
    log(`results written to ${writeResults("studio.json", { date: new Date().toISOString(), throttle: THROTTLE, loadAverage: load, cores: cpus().length, figures: tables.map(({ name, budget, rows }) => ({ name, budget, rows })) })}`);
    const met = total.longTasks === 0;
    const header = ["step", "keys", "keystroke p50 ms", "p95 ms", "max ms", "long tasks > 50 ms", "keys with one", "longest task ms per key (p95 / max)"];
    writeBenchmarkSection(
      "studio",
      // The BENCH_* settings (BENCH_TRACE among them) are prefixed by writeBenchmarkSection itself.
      "npm run bench:studio",
      `${TOTAL_PAIRS} metadata pairs and ${TOTAL_TOOLS} function tools; CPU throttle ${THROTTLE}x; load average ${load}. ` +
        `Budget: no long task over ${BUDGET_MS} ms per keystroke while typing (${met ? "met" : `not met: ${total.longTasks} long tasks, longest ${total.longestTaskMs} ms`}).\n\n` +
        markdownTable(
          header,
          tables.flatMap((table) => table.rows.map((r) => [r.name, r.keys, fmt(r.p50Ms), fmt(r.p95Ms), fmt(r.maxMs), r.longTasks, r.keysWithLongTask, `${r.longestTaskPerKeyP95Ms} / ${r.longestTaskMs}`])),
        ),
    );
    console.log(`budget: no long task over ${BUDGET_MS} ms while typing with ${TOTAL_PAIRS} pairs and ${TOTAL_TOOLS} tools: ${met ? "met" : `NOT met (${total.longTasks} long tasks, longest ${total.longestTaskMs} ms, load average ${load})`}`);
    if (!met) process.exitCode = 1;
  } finally {
    await stopProcess(app?.child ?? null);
  }
}

runBench("bench:studio", main);

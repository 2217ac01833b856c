/**
 * `npm run bench:studio`: does typing in the preset studio stay within a frame's budget on a large preset?
 *
 * It starts its own app in embedded mode (server/start.ts, production build, its own data folder, free ports),
 * signs in as the demo editor, saves a preset with 16 metadata pairs (the contract's most) and 10 function tools
 * through the BFF, opens its editor in headless Chromium and types, one key at a time, as a user would:
 *   1. adds 4 metadata pairs (20 in all, so the form also holds a broken constraint), typing each key and value,
 *   2. types a sentence into the system prompt,
 *   3. types into the last metadata value and into the last tool's description.
 * Each keystroke is timed in the page from its keydown to the first task after the next frame (the input's
 * handlers, React's render and commit, the checks, style and layout): the time a user waits to see the key.
 * Every long task (over 50 ms) of the typing is recorded by a PerformanceObserver. It reports, per phase and
 * overall: keystroke time p50 / p95 / max, the number of long tasks and the longest (target: none over 50 ms).
 * Not a test: it prints a table and writes bench/results/studio.json. Figures depend on the machine's load.
 *
 * Environment:
 *   BENCH_CPU_THROTTLE  slow the page's CPU down by this factor (Chromium's CPU throttling; default 1)
 *   BENCH_BASE_URL      use an app already running in embedded mode, signed in as editor@demo.local with BENCH_PASSWORD
 *   NEXT_DIST_DIR       which production build to use or make (default .next)
 *   CHROMIUM_PATH       browser (default: Playwright's, else the system's Chromium)
 */
import { mkdirSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { benchLog, fmt, freePort, launchChromium, percentile, root, runBench, signedInContext, startApp, stopProcess, waitForHttp, writeResults, type AppProcess } from "./support";

const PASSWORD = process.env.BENCH_PASSWORD ?? "bench-studio";
const EDITOR = { email: "editor@demo.local", password: PASSWORD };
const THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 1);
const SEEDED_PAIRS = 16;
const TOTAL_PAIRS = 20;
const TOOLS = 10;
const log = benchLog("bench:studio");

/** The preset the bench edits: the most metadata pairs a save accepts, and ten function tools with schemas. */
function largePreset(): Record<string, unknown> {
  const metadata = Object.fromEntries(Array.from({ length: SEEDED_PAIRS }, (_, i) => [`team_label_${i}`, `value number ${i}`]));
  const tools = Array.from({ length: TOOLS }, (_, i) => ({
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

interface Phase {
  name: string;
  keystrokes: number[];
  longTasks: number[];
}

/** Installed before any page script: long tasks, and per keystroke the time from keydown to the next frame's first task. */
function instrument() {
  const w = window as unknown as { __longTasks: { start: number; duration: number }[]; __keys: number[] };
  w.__longTasks = [];
  w.__keys = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
  document.addEventListener(
    "keydown",
    (event) => {
      const started = event.timeStamp;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => w.__keys.push(performance.now() - started);
        channel.port2.postMessage(null);
      });
    },
    { capture: true },
  );
}

/** Types `text` into the focused control one key at a time, each after the previous one was shown. */
async function typeMeasured(page: Page, text: string) {
  for (const char of text) {
    const before = await page.evaluate(() => (window as unknown as { __keys: number[] }).__keys.length);
    await page.keyboard.type(char);
    await page.waitForFunction((count) => (window as unknown as { __keys: number[] }).__keys.length > count, before, { polling: "raf" });
  }
}

/** Runs `act` and returns its keystroke times and the long tasks that started meanwhile (plus a quiet second after). */
async function phase(page: Page, name: string, act: () => Promise<void>): Promise<Phase> {
  const mark = await page.evaluate(() => ({ keys: (window as unknown as { __keys: number[] }).__keys.length, at: performance.now() }));
  await act();
  // Work a change schedules for later (a debounced check, the draft) belongs to the phase too.
  await page.waitForTimeout(1000);
  return page.evaluate(
    ({ mark, name }) => {
      const w = window as unknown as { __longTasks: { start: number; duration: number }[]; __keys: number[] };
      return { name, keystrokes: w.__keys.slice(mark.keys), longTasks: w.__longTasks.filter((task) => task.start >= mark.at).map((task) => task.duration) };
    },
    { mark, name },
  );
}

async function measure(baseUrl: string): Promise<Phase[]> {
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
    await metadata.getByLabel(`Metadata pairs key ${SEEDED_PAIRS}`, { exact: true }).waitFor({ timeout: 60_000 });
    await page.getByTestId("request-json").locator(".cm-content").waitFor({ timeout: 60_000 });
    if (THROTTLE > 1) await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
    await page.waitForTimeout(1000);

    const phases: Phase[] = [];
    phases.push(
      await phase(page, `add ${TOTAL_PAIRS - SEEDED_PAIRS} metadata pairs`, async () => {
        for (let pair = SEEDED_PAIRS + 1; pair <= TOTAL_PAIRS; pair++) {
          await metadata.getByRole("button", { name: "Add pair" }).click();
          await metadata.getByLabel(`Metadata pairs key ${pair}`, { exact: true }).focus();
          await typeMeasured(page, `extra_key_${pair}`);
          await metadata.getByLabel(`Metadata pairs value ${pair}`, { exact: true }).focus();
          await typeMeasured(page, `extra value ${pair}`);
        }
      }),
    );
    phases.push(
      await phase(page, "system prompt", async () => {
        const prompt = page.getByLabel("System prompt", { exact: true }).and(page.locator("textarea"));
        await prompt.focus();
        await page.keyboard.press("End");
        await typeMeasured(page, " Cite the record you used and say when it is older than a week.");
      }),
    );
    phases.push(
      await phase(page, "metadata value, tool description", async () => {
        await metadata.getByLabel(`Metadata pairs value ${TOTAL_PAIRS}`, { exact: true }).focus();
        await page.keyboard.press("End");
        await typeMeasured(page, " and more");
        const description = page.getByLabel("Description", { exact: true }).and(page.locator("textarea")).last();
        await description.focus();
        await page.keyboard.press("End");
        await typeMeasured(page, " Only active records.");
      }),
    );
    const problems = await page.getByTestId("editor-status").textContent();
    if (!problems?.includes("problem")) throw new Error(`the status should count the broken metadata limit; it says "${problems}"`);
    return phases;
  } finally {
    await browser.close();
  }
}

function summarise(name: string, keystrokes: number[], longTasks: number[]) {
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    name,
    keystrokes: keystrokes.length,
    p50Ms: round(percentile(keystrokes, 50)),
    p95Ms: round(percentile(keystrokes, 95)),
    maxMs: round(percentile(keystrokes, 100)),
    longTasks: longTasks.length,
    longestTaskMs: Math.round(Math.max(0, ...longTasks)),
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
    const phases = await measure(baseUrl);
    const load = Math.round(((loadBefore + loadavg()[0]) / 2) * 10) / 10;
    const rows = [
      ...phases.map((p) => summarise(p.name, p.keystrokes, p.longTasks)),
      summarise("all typing", phases.flatMap((p) => p.keystrokes), phases.flatMap((p) => p.longTasks)),
    ];
    console.log("");
    console.log(`preset: ${TOTAL_PAIRS} metadata pairs (${SEEDED_PAIRS} saved, the rest typed), ${TOOLS} function tools; CPU throttle ${THROTTLE}x; load average ${load}`);
    console.log("| phase | keys | keystroke p50 ms | p95 ms | max ms | long tasks > 50 ms | longest task ms |");
    console.log("| --- | --- | --- | --- | --- | --- | --- |");
    for (const r of rows) console.log(`| ${r.name} | ${r.keystrokes} | ${fmt(r.p50Ms)} | ${fmt(r.p95Ms)} | ${fmt(r.maxMs)} | ${r.longTasks} | ${r.longestTaskMs} |`);
    const all = rows[rows.length - 1];
    console.log(`target: no long task over 50 ms while typing: ${all.longTasks === 0 ? "met" : `NOT met (${all.longTasks}, longest ${all.longestTaskMs} ms)`}`);
    log(`results written to ${writeResults("studio.json", { date: new Date().toISOString(), throttle: THROTTLE, loadAverage: load, rows })}`);
  } finally {
    await stopProcess(app?.child ?? null);
  }
}

runBench("bench:studio", main);

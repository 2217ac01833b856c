/**
 * `npm run bench:files-ui`: how the file browser behaves while a user scrolls from the first file to the last.
 *
 * For each workspace size (the 25,000-file demo workspace and a 200,000-file one) it starts its own app and
 * embedded gateway (server/start.ts, production build, separate data folder, free ports), signs in, opens /files
 * in headless Chromium and scrolls the list at a steady speed until "All N files loaded". It reports:
 *   - time from navigation start to the first rows,
 *   - rendered row elements at any moment (target: at most 100),
 *   - long tasks over 50 ms while scrolling (target: none),
 *   - JS heap growth from the first rows to the end, after a forced GC (target: under 50 MB at 200,000 files),
 *   - p95 frame time while scrolling (target: under 20 ms),
 * plus how long the scroll waited at the bottom for a page ("stalls") and how many pages it fetched.
 * Not a test: it prints a table (and writes bench/results/files-ui.json). Figures depend on the machine's load.
 *
 * Environment:
 *   BENCH_FILES_SIZES      comma-separated workspace sizes (default 25000,200000)
 *   BENCH_SCROLL_PX_PER_S  scroll speed (default 24000, about 550 rows a second)
 *   NEXT_DIST_DIR          which production build to use or make (default .next)
 *   CHROMIUM_PATH          browser (default: Playwright's, else the system's Chromium)
 *   BENCH_PROFILE=1        also print the functions with the most self time during the scroll
 *
 * Wall-clock figures (long tasks, frame times) suffer when other processes compete for the CPU, so the table
 * also gives the machine's load average and the renderer's busy main-thread time per frame, taken from a CPU
 * profile of the scroll, which moves much less with contention.
 */
import { mkdirSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { benchLog, freePort, launchChromium, percentile, root, runBench, signedInContext, startApp, stopProcess, writeResults, type AppProcess } from "./support";
import { markdownTable, writeBenchmarkSection } from "./report-table";

const SIZES = (process.env.BENCH_FILES_SIZES ?? "25000,200000").split(",").map((s) => Number(s.trim())).filter((n) => n > 0);
const SPEED = Number(process.env.BENCH_SCROLL_PX_PER_S ?? 24_000);
const PROFILE = process.env.BENCH_PROFILE === "1";
const VIEWER = { email: "viewer@demo.local", password: "bench-files-ui" };

interface Result {
  files: number;
  rowsLoaded: number;
  endText: string;
  firstRowsMs: number;
  maxRenderedRows: number;
  longTasksScrolling: number;
  longestTaskScrollingMs: number;
  longTasksLoading: number;
  longTasksNearPages: number;
  heapStartMb: number;
  heapEndMb: number;
  heapGrowthMb: number;
  frameP50Ms: number;
  frameP95Ms: number;
  frameP99Ms: number;
  framesOver50: number;
  frames: number;
  scrollSeconds: number;
  stallSeconds: number;
  pageRequests: number;
  rateLimited: number;
  busyPerFrameMs: number;
  appJsPerFrameMs: number;
  gcSeconds: number;
  loadAverage: number;
}

const log = benchLog("bench:files-ui");

/** The app in embedded mode with a demo workspace of `files` files (seeded on first start into its data folder). */
async function startFilesApp(files: number): Promise<AppProcess> {
  const dataDir = path.join(root, `.data-bench-files-${files}`);
  mkdirSync(dataDir, { recursive: true });
  return startApp(
    {
      GATEWAY_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DEMO_PASSWORD: VIEWER.password,
      EMBEDDED_GATEWAY_DEMO_FILES: String(files),
    },
    log,
  );
}

const tenths = (n: number) => Math.round(n * 10) / 10;
const mb = (bytes: number) => tenths(bytes / 1024 / 1024);

async function measure(baseUrl: string, files: number): Promise<Result> {
  const browser = await launchChromium();
  try {
    const context = await signedInContext(browser, baseUrl, VIEWER);
    const page = await context.newPage();

    let pageRequests = 0;
    let rateLimited = 0;
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.pathname !== "/api/files") return;
      pageRequests += 1;
      if (response.status() === 429) rateLimited += 1;
    });

    // Before any page script: note when the first row appears and every long task from the start.
    await page.addInitScript(() => {
      const w = window as unknown as { __firstRowAt?: number; __longTasks: { start: number; duration: number }[] };
      w.__longTasks = [];
      // Room for every page request's timing entry (200 pages and more at 200,000 files).
      performance.setResourceTimingBufferSize(100_000);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: "longtask", buffered: true });
      const observer = new MutationObserver(() => {
        if (w.__firstRowAt === undefined && document.querySelector('[data-testid="file-row"]')) {
          w.__firstRowAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });

    await page.goto(`${baseUrl}/files`, { waitUntil: "commit" });
    await page.waitForSelector('[data-testid="file-row"]', { timeout: 60_000 });
    const firstRowsMs = await page.evaluate(() => (window as unknown as { __firstRowAt: number }).__firstRowAt);
    await page.waitForTimeout(1000);

    const cdp = await context.newCDPSession(page);
    const heap = async () => {
      await cdp.send("HeapProfiler.collectGarbage");
      return (await cdp.send("Runtime.getHeapUsage")).usedSize;
    };
    const heapStart = await heap();

    log(`${files} files: scrolling at ${SPEED} px/s…`);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 1000 });
    await cdp.send("Profiler.start");
    const loadBefore = loadavg()[0];
    const run = await page.evaluate(async (pxPerSecond) => {
      const scroller = document.querySelector<HTMLElement>('[data-testid="file-scroller"]')!;
      const listbox = scroller.querySelector<HTMLElement>('[role="listbox"]')!;
      const frames: number[] = [];
      let maxRows = 0;
      let stallMs = 0;
      const started = performance.now();
      let last = started;
      await new Promise<void>((resolve) => {
        const step = (now: number) => {
          const dt = now - last;
          last = now;
          if (frames.length > 0 || dt > 0) frames.push(dt);
          maxRows = Math.max(maxRows, listbox.childElementCount);
          const maxTop = scroller.scrollHeight - scroller.clientHeight;
          if (scroller.scrollTop >= maxTop - 1) {
            if (scroller.querySelector('[data-testid="files-end"]')) {
              resolve();
              return;
            }
            stallMs += dt;
          } else {
            scroller.scrollTop = Math.min(maxTop, scroller.scrollTop + (pxPerSecond * Math.min(dt, 100)) / 1000);
          }
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      });
      const ended = performance.now();
      const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
      const during = w.__longTasks.filter((t) => t.start >= started && t.start <= ended);
      const before = w.__longTasks.filter((t) => t.start < started);
      const pages = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((r) => r.name.includes("/api/files?"))
        .map((r) => r.responseEnd);
      return {
        frames: frames.slice(1),
        maxRows,
        stallMs,
        scrollMs: ended - started,
        longTasks: during.map((t) => t.duration),
        // A long task that starts within 300 ms after a page of files arrived is likely the page's own work
        // (parse, merge, re-layout); the rest come from scrolling itself or from the machine.
        longTasksNearPages: during.filter((t) => pages.some((end) => end <= t.start && t.start - end < 300)).length,
        loadingLongTasks: before.length,
        endText: scroller.querySelector('[data-testid="files-end"]')?.textContent ?? "",
        rowsLoaded: Number(scroller.querySelector('[role="listbox"]')?.querySelector('[role="option"]')?.getAttribute("aria-setsize") ?? -1),
      };
    }, SPEED);

    const { profile } = await cdp.send("Profiler.stop");
    const load = (loadBefore + loadavg()[0]) / 2;
    const cpu = profileShares(profile);
    if (PROFILE) {
      printProfile(profile, files);
      log(`CPU profile written to ${writeResults(`files-ui-${files}.cpuprofile`, profile)}`);
    }
    await page.waitForTimeout(1000);
    const heapEnd = await heap();
    await context.close();
    return {
      files,
      rowsLoaded: run.rowsLoaded,
      endText: run.endText,
      firstRowsMs: Math.round(firstRowsMs),
      maxRenderedRows: run.maxRows,
      longTasksScrolling: run.longTasks.length,
      longestTaskScrollingMs: Math.round(Math.max(0, ...run.longTasks)),
      longTasksLoading: run.loadingLongTasks,
      longTasksNearPages: run.longTasksNearPages,
      heapStartMb: mb(heapStart),
      heapEndMb: mb(heapEnd),
      heapGrowthMb: mb(heapEnd - heapStart),
      frameP50Ms: tenths(percentile(run.frames, 50)),
      frameP95Ms: tenths(percentile(run.frames, 95)),
      frameP99Ms: tenths(percentile(run.frames, 99)),
      framesOver50: run.frames.filter((f) => f > 50).length,
      frames: run.frames.length,
      scrollSeconds: tenths(run.scrollMs / 1000),
      stallSeconds: tenths(run.stallMs / 1000),
      pageRequests,
      rateLimited,
      busyPerFrameMs: tenths((cpu.busy * run.scrollMs) / Math.max(1, run.frames.length)),
      appJsPerFrameMs: tenths((cpu.appJs * run.scrollMs) / Math.max(1, run.frames.length)),
      gcSeconds: Math.round(cpu.gc * run.scrollMs) / 1000,
      loadAverage: tenths(load),
    };
  } finally {
    await browser.close();
  }
}

interface CpuProfile {
  nodes: { id: number; hitCount?: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  startTime: number;
  endTime: number;
}

/** Shares of the profiled time: not idle at all, and running the app's own JavaScript (its /_next chunks). */
function profileShares(profile: CpuProfile): { busy: number; appJs: number; gc: number } {
  let total = 0;
  let idle = 0;
  let app = 0;
  let gc = 0;
  for (const node of profile.nodes) {
    const count = node.hitCount ?? 0;
    total += count;
    if (node.callFrame.functionName === "(idle)") idle += count;
    if (node.callFrame.functionName === "(garbage collector)") gc += count;
    if (node.callFrame.url.includes("/_next/")) app += count;
  }
  return total === 0 ? { busy: 0, appJs: 0, gc: 0 } : { busy: (total - idle) / total, appJs: app / total, gc: gc / total };
}

/** Self time per function, top 20, as a share of the profiled scroll. */
function printProfile(profile: CpuProfile, files: number) {
  const hits = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const count = node.hitCount ?? 0;
    total += count;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || "(anonymous)"} ${url ? `${url.split("/").slice(-1)[0]}:${lineNumber + 1}` : ""}`.trim();
    hits.set(key, (hits.get(key) ?? 0) + count);
  }
  const top = [...hits.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20);
  log(`${files} files: CPU profile of the scroll (self time, ${total} samples)`);
  for (const [name, count] of top) console.log(`  ${((count / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
}

function printTable(results: Result[]) {
  const rows: [string, (r: Result) => string, string][] = [
    ["files in the workspace", (r) => r.files.toLocaleString("en"), ""],
    ["rows loaded at the end", (r) => r.rowsLoaded.toLocaleString("en"), "= files"],
    ["time to first rows (ms)", (r) => String(r.firstRowsMs), ""],
    ["rendered row elements, max", (r) => String(r.maxRenderedRows), "<= 100"],
    ["long tasks > 50 ms while scrolling", (r) => `${r.longTasksScrolling} (longest ${r.longestTaskScrollingMs} ms)`, "0"],
    ["  of which within 300 ms after a page arrived", (r) => String(r.longTasksNearPages), ""],
    ["long tasks while loading the page", (r) => String(r.longTasksLoading), ""],
    ["JS heap start -> end (MB)", (r) => `${r.heapStartMb} -> ${r.heapEndMb}`, ""],
    ["JS heap growth (MB)", (r) => String(r.heapGrowthMb), "< 50 at 200k"],
    ["frame time p50 / p95 / p99 (ms)", (r) => `${r.frameP50Ms} / ${r.frameP95Ms} / ${r.frameP99Ms}`, "p95 < 20"],
    ["frames over 50 ms", (r) => `${r.framesOver50} of ${r.frames}`, ""],
    ["scroll time / waiting at the bottom (s)", (r) => `${r.scrollSeconds} / ${r.stallSeconds}`, ""],
    ["page requests (429s seen)", (r) => `${r.pageRequests} (${r.rateLimited})`, ""],
    ["main thread busy per frame (ms, CPU profile)", (r) => String(r.busyPerFrameMs), ""],
    ["  of which app JavaScript (ms)", (r) => String(r.appJsPerFrameMs), ""],
    ["garbage collection during the scroll (s)", (r) => String(r.gcSeconds), ""],
    ["machine load average (1 min) while scrolling", (r) => String(r.loadAverage), `${availableParallelism()} cores`],
  ];
  const header = ["metric", ...results.map((r) => `${r.files.toLocaleString("en")} files`), "target"];
  const table = rows.map(([name, value, target]) => [name, ...results.map(value), target]);
  const widths = header.map((_, i) => Math.max(header[i].length, ...table.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  console.log("");
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of table) console.log(line(row));
  console.log("");
  writeBenchmarkSection("files-ui", "npm run bench:files-ui", `Scroll from the top to the end of the file list at ${SPEED} px/s in Chromium.\n\n${markdownTable(header, table)}`);
}

async function main() {
  log(`scroll speed ${SPEED} px/s; sizes ${SIZES.join(", ")}`);
  const results: Result[] = [];
  for (const files of SIZES) {
    log(`${files} files: starting app and embedded gateway (seeding and building when needed)…`);
    const app = await startFilesApp(files);
    try {
      results.push(await measure(app.baseUrl, files));
    } finally {
      await stopProcess(app.child);
    }
  }
  printTable(results);
  log(`results written to ${writeResults("files-ui.json", { at: new Date().toISOString(), speedPxPerSecond: SPEED, results })}`);
}

runBench("bench:files-ui", main);

/**
 * `npm run bench:playground`: does rendering a streamed answer slow down as the answer grows?
 *
 * The bench serves a synthetic gateway (a tiny local HTTP server: GET /models, GET /presets and a
 * streamed POST /responses) and starts the app against it in remote mode (server/start.ts,
 * production build, its own data folder, free ports), so the stream goes through the real BFF relay.
 * The answer is 20,000 characters of Markdown (headings, paragraphs with bold and code spans,
 * lists, tables, fenced code; accents, combining marks and emoji included) with 300
 * url_citation annotations over 60 URLs, sent at 200 events per second, each annotation right after
 * the delta that completes its span. Headless Chromium signs in as an editor, opens /playground and
 * presses Run. In the page, the response body is wrapped so each network chunk is timed from its
 * arrival to the next task after the app processed it (parse, reducer, React render and commit,
 * then a forced layout): the "render time per delta". It reports:
 *   - long tasks over 50 ms while streaming (target: none),
 *   - render time per delta, median and p95, over the first and the last 10% of the answer
 *     (target: no growth with the length of the text),
 *   - the time to the completed status and the number of cited spans shown at the end.
 * Not a test: it prints a table and writes bench/results/playground.json. Figures depend on load.
 *
 * Environment:
 *   BENCH_CHARS (20000), BENCH_ANNOTATIONS (300), BENCH_EVENTS_PER_S (200)
 *   BENCH_BASE_URL  use an app already running, signed in as editor@demo.local with BENCH_PASSWORD; its
 *                   GATEWAY_URL must point at this bench's fake gateway, on BENCH_FAKE_GATEWAY_PORT
 *                   (else a port the OS picks)
 *   NEXT_DIST_DIR   which production build to use or make (default .next)
 *   CHROMIUM_PATH   browser (default: Playwright's, else the system's Chromium)
 *   BENCH_PROFILE=1 also record a CPU profile of the stream and print the functions with the most self time
 *   BENCH_PROFILE=end  the same for the last 5% of the stream and the completion only
 */
import { mkdirSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Citation } from "../lib/embedded-gateway/responder/compose";
import { addUser, benchLog, launchChromium, percentile, root, runBench, signedInContext, startApp, stopProcess, waitForHttp, writeResults, type AppProcess } from "./support";
import { markdownTable, writeBenchmarkSection } from "./report-table";

const CHARS = Number(process.env.BENCH_CHARS ?? 20_000);
const ANNOTATIONS = Number(process.env.BENCH_ANNOTATIONS ?? 300);
const EVENTS_PER_S = Number(process.env.BENCH_EVENTS_PER_S ?? 200);
const PASSWORD = process.env.BENCH_PASSWORD ?? "bench-playground";
/** The account the bench signs in with: its own editor, or the demo editor of an app already running. */
const EDITOR = { email: process.env.BENCH_BASE_URL ? "editor@demo.local" : "bench-editor@example.com", password: PASSWORD };
const MODEL = "bench/synthetic";
const PROFILE = process.env.BENCH_PROFILE === "1" || process.env.BENCH_PROFILE === "end";
/** "end": profile only the last 5% of the stream and the completion. */
const PROFILE_END = process.env.BENCH_PROFILE === "end";

const log = benchLog("bench:playground");

// ---------------------------------------------------------------------------------------------
// The synthetic answer

const SENTENCES = [
  "Write-ahead logging appends each change to a separate log before it reaches the database.",
  "Readers keep seeing a consistent snapshot while a writer appends to the log 📝.",
  "A checkpoint copies committed pages back into the main file, then the log restarts.",
  "Le café crème et la crème brûlée n'ont rien à voir avec SQLite, mais l'accent compte.",
  "Combining marks such as e\u0301 and a\u0308 are code points of their own.",
  "Keyset pagination asks for the rows after the last key it saw 🚀.",
  "日本語のテキストも同じように数えます。",
  "Deep OFFSET pages read and discard every skipped row, so they get slower.",
];


/**
 * A Markdown answer: sections with a heading, a paragraph (bold and code spans inside sentences),
 * a bullet list, and in turn a table or a fenced code block, until `chars` is reached. Citations
 * cover sentences (list items, table cells and code lines included), inner syntax and all.
 */
function buildAnswer(chars: number, annotations: number) {
  const sentences: { text: string; cpStart: number; cpEnd: number }[] = [];
  let text = "";
  let cp = 0;
  let next = 0;
  const write = (piece: string) => {
    text += piece;
    cp += Array.from(piece).length;
  };
  const sentence = (decorate = true) => {
    let body = SENTENCES[next % SENTENCES.length];
    // Every few sentences carry inline syntax inside the cited range.
    if (decorate && next % 3 === 1) body = body.replace(/^(\S+) (\S+)/, "$1 **$2**");
    if (decorate && next % 3 === 2) body = body.replace(/ (\S+) /, " `$1` ");
    next += 1;
    const start = cp;
    write(body);
    sentences.push({ text: body, cpStart: start, cpEnd: cp });
  };
  for (let section = 1; text.length < chars; section++) {
    write(`${section === 1 ? "" : "\n\n"}## Section ${section}\n\n`);
    for (let i = 0; i < 3; i++) {
      if (i > 0) write(" ");
      sentence();
    }
    write("\n\n");
    for (let i = 0; i < 4; i++) {
      write(i === 0 ? "- " : "\n- ");
      sentence();
    }
    if (section % 2 === 0) {
      write("\n\n| Claim | Detail |\n| --- | --- |");
      for (let row = 0; row < 2; row++) {
        write("\n| ");
        sentence(false);
        write(" | ");
        sentence(false);
        write(" |");
      }
    } else {
      write("\n\n```sql\n");
      for (let line = 0; line < 3; line++) {
        if (line > 0) write("\n");
        sentence(false);
      }
      write("\n```");
    }
  }
  const step = sentences.length / annotations;
  const citations: { citation: Citation; endCp: number }[] = [];
  for (let i = 0; i < annotations; i++) {
    const sentence = sentences[Math.min(sentences.length - 1, Math.floor(i * step))];
    const source = i % 60;
    citations.push({
      endCp: sentence.cpEnd,
      citation: {
        type: "url_citation",
        url: `https://source-${source}.example.com/page/${source}`,
        title: `Source ${source}`,
        start_index: sentence.cpStart,
        end_index: sentence.cpEnd,
        content: sentence.text,
      },
    });
  }
  return { text, citations };
}

function buildEvents() {
  const { text, citations } = buildAnswer(CHARS, ANNOTATIONS);
  const item = "msg_bench";
  const response = (status: string, output: unknown[], extra: Record<string, unknown> = {}) => ({
    id: "resp_bench",
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    model: MODEL,
    status,
    output,
    ...extra,
  });
  const at = { item_id: item, output_index: 0, content_index: 0 };
  const events: Record<string, unknown>[] = [
    { type: "response.created", response: response("in_progress", []) },
    { type: "response.in_progress", response: response("in_progress", []) },
    { type: "response.output_item.added", output_index: 0, item: { type: "message", id: item, role: "assistant", status: "in_progress", content: [] } },
    { type: "response.content_part.added", ...at, part: { type: "output_text", text: "", annotations: [] } },
  ];
  // Word-sized deltas (by code point, so no surrogate pair is split); each annotation follows the
  // delta that completes its span.
  const points = Array.from(text);
  let next = 0;
  let annotationIndex = 0;
  let deltas = 0;
  for (let cp = 0; cp < points.length; ) {
    let end = cp + 1;
    while (end < points.length && points[end - 1] !== " " && end - cp < 12) end++;
    events.push({ type: "response.output_text.delta", ...at, delta: points.slice(cp, end).join(""), logprobs: [] });
    deltas++;
    cp = end;
    while (next < citations.length && citations[next].endCp <= cp) {
      events.push({ type: "response.output_text.annotation.added", ...at, annotation_index: annotationIndex++, annotation: citations[next].citation });
      next++;
    }
  }
  const all = citations.map((entry) => entry.citation);
  const message = { type: "message", id: item, role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: all }] };
  events.push(
    { type: "response.output_text.done", ...at, text },
    { type: "response.content_part.done", ...at, part: { type: "output_text", text, annotations: all } },
    { type: "response.output_item.done", output_index: 0, item: message },
    { type: "response.completed", response: response("completed", [message], { usage: { input_tokens: 20, output_tokens: deltas, total_tokens: deltas + 20 } }) },
  );
  return { events: events.map((event, sequence_number) => ({ ...event, sequence_number })), text, deltas, annotations: all.length };
}

// ---------------------------------------------------------------------------------------------
// The fake gateway

/** Listens on BENCH_FAKE_GATEWAY_PORT, else on a port the OS picks; resolves with its API base URL. */
function startFakeGateway(stream: ReturnType<typeof buildEvents>): Promise<{ server: http.Server; baseUrl: string }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (req.method === "GET" && url.pathname.endsWith("/models")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ data: [{ id: MODEL, name: "Synthetic bench model" }] }));
      return;
    }
    if (req.method === "GET" && url.pathname.endsWith("/presets")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ data: [], total_count: 0 }));
      return;
    }
    if (req.method === "POST" && url.pathname.endsWith("/responses")) {
      req.resume();
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      const started = performance.now();
      let sent = 0;
      const timer = setInterval(() => {
        const due = Math.min(stream.events.length, Math.floor(((performance.now() - started) / 1000) * EVENTS_PER_S) + 1);
        for (; sent < due; sent++) res.write(`data: ${JSON.stringify(stream.events[sent])}\n\n`);
        if (sent >= stream.events.length) {
          clearInterval(timer);
          res.end("data: [DONE]\n\n");
        }
      }, 2);
      res.on("close", () => clearInterval(timer));
      return;
    }
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { code: 404, message: "Resource not found" } }));
  });
  return new Promise((resolve) =>
    server.listen(Number(process.env.BENCH_FAKE_GATEWAY_PORT ?? 0), "127.0.0.1", () => {
      resolve({ server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1` });
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The app

/** The app in remote mode against the fake gateway, with a fresh data folder holding the bench's editor. */
function startPlaygroundApp(gatewayUrl: string): Promise<AppProcess> {
  const dataDir = path.join(root, ".data-bench-playground");
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  // Remote mode seeds no demo accounts.
  addUser(dataDir, { ...EDITOR, role: "editor" });
  return startApp({ DATA_DIR: dataDir, GATEWAY_URL: gatewayUrl, GATEWAY_API_KEY: "bench-key", GATEWAY_MANAGEMENT_KEY: "bench-management-key" }, log);
}

// ---------------------------------------------------------------------------------------------
// The measurement

interface ChunkSample {
  /** Length of the answer received with this chunk. */
  textLength: number;
  events: number;
  deltas: number;
  ms: number;
  /** Arrival time (page clock). */
  at: number;
}

function stats(samples: ChunkSample[]) {
  const ms = samples.map((s) => s.ms);
  // No samples in a stretch (a very short answer): zeros, as the table has always shown them.
  const pick = (p: number) => (ms.length === 0 ? 0 : Math.round(percentile(ms, p) * 100) / 100);
  const deltas = samples.reduce((sum, s) => sum + s.deltas, 0);
  return {
    chunks: samples.length,
    deltas,
    medianMs: pick(50),
    p95Ms: pick(95),
    maxMs: pick(100),
    msPerDelta: deltas === 0 ? 0 : Math.round((samples.reduce((sum, s) => sum + s.ms, 0) / deltas) * 100) / 100,
  };
}

async function measure(baseUrl: string, expectedLength: number) {
  const browser = await launchChromium();
  try {
    const context = await signedInContext(browser, baseUrl, EDITOR);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as {
        __longTasks: { start: number; duration: number }[];
        __chunks: { textLength: number; events: number; deltas: number; ms: number; at: number }[];
        __streamStart: number;
        __streamEnd: number;
      };
      w.__longTasks = [];
      w.__chunks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: "longtask", buffered: true });
      const originalFetch = window.fetch.bind(window);
      const decoder = new TextDecoder();
      let received = 0;
      window.fetch = async (input, init) => {
        const response = await originalFetch(input, init);
        const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
        if (!url.includes("/api/responses") || !response.body) return response;
        const reader = response.body.getReader();
        w.__streamStart = performance.now();
        // Each chunk: time from its arrival to the next task after the app handled it, with a
        // forced layout, i.e. parse + reducer + React render and commit + style and layout.
        const timed = new ReadableStream<Uint8Array>({
          async pull(controller) {
            const { value, done } = await reader.read();
            if (done) {
              w.__streamEnd = performance.now();
              controller.close();
              return;
            }
            // Bookkeeping before the clock starts: events, deltas and answer length so far.
            const text = decoder.decode(value, { stream: true });
            const events = text.split("data:").length - 1;
            let deltas = 0;
            for (const match of text.matchAll(/"type":"response\.output_text\.delta".*?"delta":("(?:[^"\\]|\\.)*")/g)) {
              deltas += 1;
              received += (JSON.parse(match[1]) as string).length;
            }
            const textLength = received;
            const started = performance.now();
            controller.enqueue(value);
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              void document.getElementById("run-a-text")?.offsetHeight;
              w.__chunks.push({ textLength, events, deltas, ms: performance.now() - started, at: started });
            };
            channel.port2.postMessage(null);
          },
          cancel(reason) {
            return reader.cancel(reason);
          },
        });
        return new Response(timed, { status: response.status, statusText: response.statusText, headers: response.headers });
      };
    });

    await page.goto(`${baseUrl}/playground?model=${encodeURIComponent(MODEL)}&prompt=${encodeURIComponent("Explain write-ahead logging.")}`);
    await page.getByRole("toolbar", { name: "Playground" }).and(page.locator('[data-hydrated="true"]')).waitFor({ timeout: 60_000 });
    log(`streaming ${expectedLength} characters at ${EVENTS_PER_S} events/s…`);
    const clickedAt = await page.evaluate(() => performance.now());
    const cdp = PROFILE ? await context.newCDPSession(page) : null;
    const startProfile = async () => {
      if (!cdp) return;
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
    };
    if (!PROFILE_END) await startProfile();
    await page.getByRole("button", { name: "Run column Request" }).click();
    if (PROFILE_END) {
      await page.waitForFunction(
        (length) => {
          const chunks = (window as unknown as { __chunks: { textLength: number }[] }).__chunks;
          return chunks.length > 0 && chunks[chunks.length - 1].textLength > length * 0.95;
        },
        expectedLength,
        { timeout: 180_000, polling: 100 },
      );
      await startProfile();
    }
    await page.locator('[data-testid="run-status"][data-status="completed"]').waitFor({ timeout: 180_000 });
    await page.waitForTimeout(500);
    if (cdp) printProfile((await cdp.send("Profiler.stop")).profile as CpuProfile);
    const result = await page.evaluate(() => {
      const w = window as unknown as {
        __longTasks: { start: number; duration: number }[];
        __chunks: { textLength: number; events: number; deltas: number; ms: number; at: number }[];
        __streamStart: number;
        __streamEnd: number;
      };
      return {
        chunks: w.__chunks,
        longTasks: w.__longTasks.filter((t) => t.start >= w.__streamStart - 10),
        streamStart: w.__streamStart,
        streamEnd: w.__streamEnd,
        completedAt: performance.now(),
        marks: document.querySelectorAll("#run-a-text mark[data-span-keys]").length,
        sources: document.querySelectorAll('[data-testid="cited-sources"] li').length,
        textLength: document.getElementById("run-a-text")?.textContent?.length ?? 0,
      };
    });
    return { ...result, clickedAt };
  } finally {
    await browser.close();
  }
}

interface CpuProfile {
  nodes: { id: number; hitCount?: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time per function (name, file, line:column), top 25. */
function printProfile(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const key = `${functionName || "(anonymous)"} ${url.split("/").pop()}:${lineNumber + 1}:${columnNumber + 1}`;
    const ms = (deltas[i] ?? 0) / 1000;
    total += ms;
    self.set(key, (self.get(key) ?? 0) + ms);
  });
  log(`CPU profile: ${Math.round(total)} ms sampled; top self time:`);
  for (const [key, ms] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) log(`  ${ms.toFixed(1).padStart(8)} ms  ${key}`);
}

async function main() {
  const stream = buildEvents();
  log(`answer: ${stream.text.length} UTF-16 units, ${Array.from(stream.text).length} code points, ${stream.deltas} deltas, ${stream.annotations} annotations, ${stream.events.length} events`);
  const gateway = await startFakeGateway(stream);
  let app: AppProcess | null = null;
  try {
    let baseUrl = process.env.BENCH_BASE_URL;
    if (baseUrl) {
      await waitForHttp(`${baseUrl}/api/health`, null);
    } else {
      log("starting the app against the synthetic gateway (builds first if needed)…");
      app = await startPlaygroundApp(gateway.baseUrl);
      baseUrl = app.baseUrl;
    }
    const run = await measure(baseUrl, stream.text.length);
    const withText = run.chunks.filter((chunk) => chunk.deltas > 0);
    const first = withText.filter((chunk) => chunk.textLength <= stream.text.length * 0.1);
    const last = withText.filter((chunk) => chunk.textLength >= stream.text.length * 0.9);
    const start = stats(first);
    const end = stats(last);
    const longTasks = run.longTasks.filter((task) => task.duration > 50);
    // Where in the answer each long task fell: the answer length of the last chunk before it.
    const longTaskAt = longTasks.map((task) => {
      const before = run.chunks.filter((chunk) => chunk.at <= task.start + 1);
      return { ms: Math.round(task.duration), atChars: before.length > 0 ? before[before.length - 1].textLength : 0 };
    });
    const deciles = Array.from({ length: 10 }, (_, d) => {
      const inDecile = withText.filter((chunk) => chunk.textLength > (stream.text.length * d) / 10 && chunk.textLength <= (stream.text.length * (d + 1)) / 10);
      return { decile: d + 1, ...stats(inDecile) };
    });
    const result = {
      date: new Date().toISOString(),
      answer: { utf16: stream.text.length, deltas: stream.deltas, annotations: stream.annotations, events: stream.events.length, eventsPerSecond: EVENTS_PER_S },
      shown: { textLength: run.textLength, citedSegments: run.marks, sources: run.sources },
      streamSeconds: Math.round((run.streamEnd - run.streamStart) / 10) / 100,
      longTasksOver50ms: longTasks.length,
      longestTaskMs: Math.round(Math.max(0, ...run.longTasks.map((task) => task.duration))),
      renderPerDeltaStart: start,
      renderPerDeltaEnd: end,
      growth: start.medianMs === 0 ? null : Math.round((end.medianMs / start.medianMs) * 100) / 100,
      longTaskAt,
      deciles,
    };
    console.log("");
    console.log(`| answer | ${result.answer.utf16} chars, ${result.answer.deltas} deltas, ${result.answer.annotations} annotations at ${EVENTS_PER_S} events/s |`);
    console.log(`| shown at the end | ${result.shown.textLength} chars, ${result.shown.citedSegments} cited segments, ${result.shown.sources} sources |`);
    console.log(`| long tasks > 50 ms while streaming | ${result.longTasksOver50ms} (longest task ${result.longestTaskMs} ms; target: none) |`);
    console.log(`| render per chunk, first 10% | median ${start.medianMs} ms, p95 ${start.p95Ms} ms, max ${start.maxMs} ms (${start.chunks} chunks) |`);
    console.log(`| render per chunk, last 10% | median ${end.medianMs} ms, p95 ${end.p95Ms} ms, max ${end.maxMs} ms (${end.chunks} chunks) |`);
    console.log(`| growth, end median / start median | ${result.growth} (target: about 1) |`);
    console.log("");
    console.log("| tenth of the answer | chunks | median ms | p95 ms | max ms | ms per delta |");
    for (const d of deciles) console.log(`| ${d.decile} | ${d.chunks} | ${d.medianMs} | ${d.p95Ms} | ${d.maxMs} | ${d.msPerDelta} |`);
    if (longTaskAt.length > 0) console.log(`long tasks (ms @ answer chars): ${longTaskAt.map((t) => `${t.ms}@${t.atChars}`).join(", ")}`);
    writeBenchmarkSection(
      "playground",
      "npm run bench:playground",
      markdownTable(
        ["measure", "value"],
        [
          ["answer", `${result.answer.utf16} chars, ${result.answer.deltas} deltas, ${result.answer.annotations} annotations at ${EVENTS_PER_S} events/s`],
          ["shown at the end", `${result.shown.textLength} chars, ${result.shown.citedSegments} cited segments, ${result.shown.sources} sources`],
          ["long tasks > 50 ms while streaming (target: none)", `${result.longTasksOver50ms} (longest task ${result.longestTaskMs} ms)`],
          ["render per chunk, first 10 % (median / p95)", `${start.medianMs} / ${start.p95Ms} ms`],
          ["render per chunk, last 10 % (median / p95)", `${end.medianMs} / ${end.p95Ms} ms`],
          ["growth, end median / start median (target: about 1)", String(result.growth)],
        ],
      ),
    );
    log(`results written to ${writeResults("playground.json", result)}`);
  } finally {
    await stopProcess(app?.child ?? null);
    gateway.server.close();
  }
}

runBench("bench:playground", main);

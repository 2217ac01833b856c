import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS, VIDEO_LIMITS } from "@/lib/contract/gateway";
import { JSON_SHAPE_LIMITS } from "./request-body";
import { MODEL_REQUEST_BODY_BYTES } from "./routes/body-limits";
import { SEARCH_QUERY_LIMITS } from "./search/search-query";

/*
 * Fuzzing with the largest valid value of every field (issue 25): each request goes over HTTP to a
 * real embedded gateway running in its own process (testing/monitored-gateway.ts), which measures
 * its own event loop (perf_hooks.monitorEventLoopDelay) and its heap after a full collection.
 *
 * What is asserted, and why it is not flaky on a loaded 2-core machine:
 * - The gateway's event loop never stalls longer than 1.5 x BASELINE + 250 ms. The baseline is the worst
 *   delay of a handful of ordinary requests and of the case's twin (the same request with its texts
 *   made one repeated word: the same bytes to read, parse and count, one distinct word to look up),
 *   against the better of the case's two runs. A busy machine slows the twin as much as the case (the
 *   baseline absorbs that); what remains is what the input's content costs. The pathologies this
 *   guards against are seconds (the 5,000-word question held the loop 13.5 s in the report, 4.1 s
 *   here against a 134 ms baseline) or a crash, far above the bound.
 * - The heap, after a full collection, grows by less than HEAP_GROWTH_BYTES over the whole run, and
 *   the process runs with a capped old space (HEAP_CAP_MB): an input that needs more kills it, and
 *   the test fails saying so (20,000 distinct words ran V8 out of memory compiling regexes).
 */

/**
 * Absolute slack: 100 ms was exceeded by 0.4 ms once, at load 9 (the tools case, 207 ms against a 71 ms baseline);
 * the pathologies are seconds, so a quarter of a second still tells them apart.
 */
const STALL_MS = 250;
/** Slack on the baseline itself: on a machine at load 20 two runs of the same 2 MiB request differ by a few tens of percent. */
const NOISE_FACTOR = 1.5;
const HEAP_CAP_MB = 512;
const HEAP_GROWTH_BYTES = 96 * 1024 * 1024;
/** Text that fills a model request's body limit, less room for the rest of the request. */
const FILLING = MODEL_REQUEST_BODY_BYTES - 256 * 1024;

interface Measured {
  maxDelayMs: number;
  heapUsedBytes: number;
}

let child: ChildProcess;
let exited: string | null = null;
let base = "";
let apiKey = "";
let managementKey = "";

function measure(): Promise<Measured> {
  return new Promise((resolve, reject) => {
    if (exited) return reject(new Error(`the gateway process is gone: ${exited}`));
    const onExit = () => reject(new Error(`the gateway process died while measuring: ${exited}`));
    child.once("exit", onExit);
    child.once("message", (message: Measured & { type: string }) => {
      child.off("exit", onExit);
      resolve(message);
    });
    child.send({ type: "measure" });
  });
}

/** Distinct lower-case words of six letters ("baaaaa", "baaaab", ...), seven characters each with the space, as in the report. */
function distinctWords(count: number, offset = 0): string {
  const out: string[] = [];
  for (let i = offset; i < offset + count; i++) {
    let n = i + 26 ** 5;
    let word = "";
    while (n > 0) {
      word = String.fromCharCode(97 + (n % 26)) + word;
      n = Math.floor(n / 26);
    }
    out.push(word);
  }
  return out.join(" ");
}

/** As many distinct words as fit in `bytes` characters. */
function wordsFilling(bytes: number, offset = 0): string {
  const sample = distinctWords(1000, offset);
  return distinctWords(Math.floor((bytes / sample.length) * 1000), offset).slice(0, bytes).replace(/ \S*$/, "");
}

/** A domain entry of the largest accepted length, with wildcards in every label (matched label by label). */
function longDomain(i: number): string {
  const label = `a*${"b*".repeat(29)}c`;
  let entry = `${i}.${label}`;
  while (entry.length + label.length + 1 <= LIMITS.domainEntryLength - 4) entry += `.${label}`;
  return `${entry}.com`.padEnd(LIMITS.domainEntryLength, "m");
}
const domains = (offset: number) => Array.from({ length: LIMITS.domainListEntries }, (_, i) => longDomain(i + offset));

/** `raw` is a JSON text sent as it is (one too deep for JSON.stringify to write). */
type Call = { method: "GET" | "POST" | "DELETE"; path: string; management?: boolean; json?: unknown; raw?: string };

async function send(call: Call): Promise<{ status: number; body: string }> {
  const headers: Record<string, string> = { authorization: `Bearer ${call.management ? managementKey : apiKey}` };
  const body = call.raw ?? (call.json === undefined ? undefined : JSON.stringify(call.json));
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${base}${call.path}`, { method: call.method, headers, body });
  return { status: response.status, body: await response.text() };
}

let baselineMs = 0;
let startHeap = 0;

const ORDINARY: Call[] = [
  { method: "GET", path: "/models" },
  { method: "GET", path: "/files?limit=5" },
  { method: "POST", path: "/responses", json: { model: "gatehouse/echo", input: "How does write-ahead logging work in SQLite?", plugins: [{ id: "web" }] } },
  { method: "POST", path: "/responses", json: { model: "gatehouse/swift", input: "zod schema validation", plugins: [{ id: "web", engine: "exa" }] } },
  { method: "GET", path: "/presets?limit=5" },
];

beforeAll(async () => {
  const script = path.join(__dirname, "testing/monitored-gateway.ts");
  child = fork(script, [], {
    cwd: path.resolve(__dirname, "../.."),
    execArgv: ["--import", "tsx", "--expose-gc", `--max-old-space-size=${HEAP_CAP_MB}`],
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  child.on("exit", (code, signal) => {
    // V8 out of memory aborts the process (code 134 or SIGABRT), after "heap out of memory" on stderr.
    exited = `exit code ${code}, signal ${signal}`;
  });
  const ready = await new Promise<{ baseUrl: string; apiKey: string; managementKey: string }>((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", () => reject(new Error(`the gateway process did not start: ${exited}`)));
  });
  base = ready.baseUrl;
  apiKey = ready.apiKey;
  managementKey = ready.managementKey;
  // The first search builds the index (a start-up cost, not the input's): done before any measure.
  for (const call of ORDINARY) expect((await send(call)).status).toBe(200);
  await measure();
  for (let round = 0; round < 2; round++) {
    for (const call of ORDINARY) await send(call);
    baselineMs = Math.max(baselineMs, (await measure()).maxDelayMs);
  }
  startHeap = (await measure()).heapUsedBytes;
}, 180_000);

afterAll(() => {
  if (child?.connected) child.disconnect();
});

/** Sends the call and measures the gateway around it. */
async function measured(call: Call): Promise<{ status: number; body: string; maxDelayMs: number; heapUsedBytes: number }> {
  await measure();
  const { status, body } = await send(call);
  return { status, body, ...(await measure()) };
}

/** Text of the same length made of one word: the same bytes to read, parse and count, nothing to look up. */
const uniform = (text: string) => "lorem ".repeat(Math.ceil(text.length / 6)).slice(0, text.length);

/** The call with every long text (a string with spaces) replaced by uniform text of its length. */
function twinOf(call: Call): Call | null {
  if (call.json === undefined) return null;
  const flatten = (value: unknown): unknown => {
    if (typeof value === "string") return value.length > 64 && value.includes(" ") ? uniform(value) : value;
    if (Array.isArray(value)) return value.map(flatten);
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, flatten(v)]));
    return value;
  };
  return { ...call, json: flatten(call.json) };
}

/**
 * Sends the call twice and checks the gateway's event loop and heap (see the top of the file): the
 * better of the call's two runs against the worst of the ordinary requests and of two runs of its
 * twin. A pathology is slow every time; noise is not.
 */
async function expectBounded(call: Call, expectStatus: number | ((status: number, body: string) => void), twin = twinOf(call)) {
  let allowed = baselineMs;
  for (let run = 0; run < 2 && twin; run++) allowed = Math.max(allowed, (await measured(twin)).maxDelayMs);
  let best = Infinity;
  for (let run = 0; run < 2; run++) {
    const result = await measured(call);
    if (typeof expectStatus === "number") expect(result.status, result.body.slice(0, 500)).toBe(expectStatus);
    else expectStatus(result.status, result.body);
    best = Math.min(best, result.maxDelayMs);
    expect(result.heapUsedBytes - startHeap, "heap growth after a full collection").toBeLessThan(HEAP_GROWTH_BYTES);
  }
  expect(best, `event loop stalled ${best.toFixed(0)} ms (baseline ${allowed.toFixed(0)} ms)`).toBeLessThanOrEqual(NOISE_FACTOR * allowed + STALL_MS);
}

const webPlugin = { id: "web", engine: "exa", max_results: LIMITS.webMaxResults };

describe("the embedded gateway stays responsive with the largest valid value of every field", () => {
  it("answers a question of 5,000 distinct words with the web plugin (issue 25: held the loop 13.5 s)", async () => {
    const input = distinctWords(5000);
    expect(input.length).toBeGreaterThan(30_000);
    await expectBounded({ method: "POST", path: "/responses", json: { model: "gatehouse/swift", input, plugins: [{ id: "web" }] } }, 200);
  }, 120_000);

  it("answers a question of 20,000 distinct words with the web plugin (issue 25: ran V8 out of memory)", async () => {
    const input = distinctWords(20_000);
    expect(input.length).toBeGreaterThan(130_000);
    await expectBounded({ method: "POST", path: "/responses", json: { model: "gatehouse/swift", input, plugins: [{ id: "web" }] } }, 200);
  }, 120_000);

  it("searches only the first distinct words, and says so in the search item", async () => {
    const input = `write-ahead logging sqlite ${distinctWords(100)}`;
    const { status, body } = await send({ method: "POST", path: "/responses", json: { model: "gatehouse/swift", input, plugins: [{ id: "web" }] } });
    expect(status).toBe(200);
    const item = (JSON.parse(body) as { output: { type: string; action?: { query: string } }[] }).output.find((o) => o.type === "web_search_call");
    const searched = item!.action!.query;
    expect(input.startsWith(searched)).toBe(true);
    expect(new Set(searched.split(/[\s-]+/)).size).toBe(SEARCH_QUERY_LIMITS.distinctTerms + 1);
  });

  it("answers a question filling the body limit, fuzzy engine, most results, longest wildcard domain lists", async () => {
    const input = wordsFilling(FILLING);
    const plugin = { ...webPlugin, include_domains: domains(0), exclude_domains: domains(1000) };
    await expectBounded({ method: "POST", path: "/responses", json: { model: "gatehouse/scholar", input, plugins: [plugin], max_output_tokens: 40 } }, 200);
  }, 120_000);

  it("answers a conversation filling the body limit through the openrouter:web_search tool (AND engine)", async () => {
    const turns = Array.from({ length: 200 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: [{ type: "input_text", text: wordsFilling(FILLING / 200 - 100, i * 1000) }] }));
    const tool = { type: "openrouter:web_search", parameters: { engine: "parallel", max_results: LIMITS.webMaxResults, allowed_domains: domains(0), excluded_domains: domains(1000) } };
    await expectBounded({ method: "POST", path: "/responses", json: { model: "gatehouse/swift", input: turns, tools: [tool], max_output_tokens: 40, stream: true } }, 200);
  }, 120_000);

  it("echoes an input filling the body limit (the echo model repeats it, cut at max_output_tokens)", async () => {
    const input = wordsFilling(FILLING);
    await expectBounded({ method: "POST", path: "/responses", json: { model: "gatehouse/echo", input, max_output_tokens: 20 } }, 200);
  }, 120_000);

  it("saves a preset filling the body limit, then answers through it", async () => {
    const messages = [
      { role: "system", content: wordsFilling(FILLING / 2 - 40_000) },
      { role: "user", content: wordsFilling(FILLING / 2, 5000) },
    ];
    const chat = { model: "gatehouse/swift", messages, plugins: [{ ...webPlugin, include_domains: domains(0) }], max_tokens: 40 };
    await expectBounded({ method: "POST", path: "/presets/fuzz-largest/chat/completions", management: true, json: chat }, 200);
    await expectBounded({ method: "GET", path: "/presets/fuzz-largest" }, 200);
    await expectBounded({ method: "POST", path: "/responses", json: { model: "@preset/fuzz-largest", input: wordsFilling(FILLING, 9000) } }, 200);
  }, 180_000);

  it("refuses JSON nested deeper than the bound with a 400 naming the body, in every JSON route", async () => {
    const depth = 100_000;
    const nested = `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    const refused = (status: number, body: string) => {
      expect(status, body.slice(0, 300)).toBe(400);
      expect(JSON.parse(body).error.metadata.issues[0].path).toBe("body");
    };
    await expectBounded({ method: "POST", path: "/responses", raw: `{"model":"gatehouse/echo","input":"hi","deep":${nested}}` }, refused);
    await expectBounded({ method: "POST", path: "/presets/fuzz-deep/chat/completions", management: true, raw: `{"messages":[{"role":"user","content":"hi"}],"deep":${nested}}` }, refused);
    await expectBounded({ method: "POST", path: "/videos", raw: `{"model":"google/veo-3.1","prompt":"a","deep":${nested}}` }, refused);
  }, 120_000);

  it("takes the most entries a body may hold, in the costliest shape to validate (tools), and refuses one more", async () => {
    // Entries are brackets and commas: 4 for the envelope, 5 per tool after the first's 4.
    const tools = (n: number) => Array.from({ length: n }, (_, i) => ({ type: "function", name: `tool_${i}`, parameters: {} }));
    const most = Math.floor((JSON_SHAPE_LIMITS.entries - 3) / 5);
    const call = (n: number): Call => ({ method: "POST", path: "/responses", json: { model: "gatehouse/echo", input: "hi", tools: tools(n) } });
    const largest = call(most);
    // The twin: one text of the same length, the same bytes to read and parse but a single entry to check.
    const twin: Call = { ...largest, json: { model: "gatehouse/echo", input: uniform(JSON.stringify(largest.json)), max_output_tokens: 5 } };
    await expectBounded(largest, 200, twin);
    await expectBounded(call(most + 1), (status, body) => {
      expect(status).toBe(400);
      expect(JSON.parse(body).error.metadata.issues[0].path).toBe("body");
    });
  }, 120_000);

  it("takes a video request with every field at its largest", async () => {
    const frame = `data:image/png;base64,${"A".repeat(VIDEO_LIMITS.frameImageUrlChars - 30)}`;
    const json = {
      model: "google/veo-3.1",
      prompt: distinctWords(600).slice(0, VIDEO_LIMITS.promptChars),
      frame_images: [
        { type: "image_url", image_url: { url: frame }, frame_type: "first_frame" },
        { type: "image_url", image_url: { url: frame }, frame_type: "last_frame" },
      ],
    };
    // The job is told to fail at its end, so no clip is rendered: rendering is the same work whatever the request.
    expect((await send({ method: "POST", path: "/__faults", management: true, json: { path: "/videos", count: 4, fail_video_job: "fuzz" } })).status).toBe(201);
    await expectBounded({ method: "POST", path: "/videos", json }, 202);
  }, 120_000);

  it("lists files, presets and workspaces with the largest pages and filters", async () => {
    await expectBounded({ method: "GET", path: `/files?limit=1000&order=asc&cursor=${"A".repeat(8000)}` }, 400);
    await expectBounded({ method: "GET", path: "/files?limit=1000" }, 200);
    await expectBounded({ method: "GET", path: "/presets?limit=100&offset=0" }, 200);
    await expectBounded({ method: "GET", path: "/workspaces?limit=100", management: true }, 200);
    await expectBounded({ method: "GET", path: "/models" }, 200);
    await expectBounded({ method: "GET", path: "/videos/models" }, 200);
  }, 120_000);

  it("takes a fault pattern of the longest accepted path, then matches requests against it", async () => {
    const pattern = `/api/v1/${"**/".repeat(340)}x`.slice(0, 1024);
    await expectBounded({ method: "POST", path: "/__faults", management: true, json: { path: pattern, count: 10_000, status: 503 } }, 201);
    await expectBounded({ method: "GET", path: `/files/${"a/".repeat(3000)}y` }, (status) => expect(status).toBe(404));
    await expectBounded({ method: "DELETE", path: "/__faults", management: true }, 200);
  }, 120_000);
});

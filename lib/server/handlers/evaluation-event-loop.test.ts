import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "@/lib/contract/bff/schemas";
import { QUESTION_LIMITS } from "@/lib/evaluations/questions";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";

/*
 * The event-loop fuzz of the embedded gateway (lib/embedded-gateway/bounded-inputs.test.ts), extended to the
 * dashboard's BFF (issue 36): the largest valid value of every evaluation field, and the report's refused ones, sent
 * over HTTP to the BFF running in a process of its own (lib/server/testing/monitored-bff-main.ts), while another
 * signed-in user's GET /api/me is polled every 100 ms, as the report measured. Table-driven: each case is one row.
 *
 * What is asserted, and why it is not flaky on a loaded 2-core machine (the gateway fuzz's reasoning): the other
 * user's worst latency during the case stays under NOISE_FACTOR x BASELINE + STALL_MS, the baseline being the worst
 * latency seen during ordinary requests (taken again just before each case, so it follows the machine's load), and
 * the case's figure the better of two runs. At load 20 on 2 cores the ordinary requests' worst is 0.2-0.35 s by
 * itself; the cases run here add 0-0.1 s to it, the largest saves included since a version's rows are written in
 * pieces of about 256 KB with a turn between (question-sets-store.ts; one value of 16-20 MB written by SQLite's
 * synchronous driver held the loop 230-435 ms at load 11, and needed an allowance of 300 ms here). Against the
 * one-piece code before (a 10,000-row JSON parse and schema check, a save echoing its rows) the JSON rows fail it at
 * load 4-20; an editor's version written as one string fails it at load 10-20, the CSV export at load 20 (0.78 s) but
 * not on a quieter machine (~0.1-0.2 s). The 100 ms target of the issue is what the printed figures are compared with, not a timed assertion.
 */

const STALL_MS = 100;
const NOISE_FACTOR = 1.25;
const POLL_MS = 100;
interface Call {
  method: "GET" | "POST" | "PUT";
  path: string;
  role: Role;
  json?: unknown;
  body?: string;
  type?: string;
}

interface Case {
  /** Which evaluation field it pushes: checks, patterns, rows, columns, imports, re-score, pages, lists, exports. */
  field: string;
  name: string;
  /** Builds the request (data it needs is made first, unmeasured). */
  call: () => Promise<Call>;
  status: number;
  /** Work the case starts that outlives its request (a run scoring its answers), waited for inside the measure. */
  until?: (body: string) => Promise<void>;
}

let gateway: EmbeddedGateway;
let child: ChildProcess;
let exited: string | null = null;
let base = "";
let baselineMs = 0;
const figures: { field: string; name: string; status: number; otherWorstMs: number; loopMaxMs: number; allowedMs: number }[] = [];

function measureLoop(): Promise<number> {
  return new Promise((resolve, reject) => {
    if (exited) return reject(new Error(`the BFF process is gone: ${exited}`));
    child.once("message", (message: { maxDelayMs: number }) => resolve(message.maxDelayMs));
    child.send({ type: "measure" });
  });
}

async function send(call: Call): Promise<{ status: number; body: string }> {
  const headers: Record<string, string> = { "x-test-role": call.role };
  let body: string | undefined = call.body;
  if (call.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(call.json);
  } else if (call.type) headers["content-type"] = call.type;
  const response = await fetch(`${base}${call.path}`, { method: call.method, headers, body });
  return { status: response.status, body: await response.text() };
}

/**
 * The other user: a worker thread of its own (its own event loop, as another person's browser has), sending GET
 * /api/me every POLL_MS between "start" and "stop" and answering "stop" with the worst latency seen (Infinity for a
 * failed request). Not this process's loop, which sends the case's own megabytes meanwhile.
 */
const OTHER_USER = `
const { parentPort, workerData } = require("node:worker_threads");
let worst = 0;
let polls = [];
let timer;
const poll = () => {
  const started = performance.now();
  polls.push(fetch(workerData.url, { headers: { "x-test-role": "viewer" } }).then((response) => response.arrayBuffer()).then(
    () => { worst = Math.max(worst, performance.now() - started); },
    () => { worst = Infinity; },
  ));
};
parentPort.on("message", async (message) => {
  if (message === "start") {
    worst = 0;
    polls = [];
    poll();
    timer = setInterval(poll, workerData.pollMs);
  } else if (message === "stop") {
    clearInterval(timer);
    await Promise.all(polls);
    parentPort.postMessage(worst);
  }
});
`;
let otherUser: Worker;

/** Another signed-in user's GET /api/me every POLL_MS while `work` runs: the worst latency seen. */
async function otherUserWorstDuring(work: () => Promise<void>): Promise<number> {
  otherUser.postMessage("start");
  try {
    await work();
  } finally {
    otherUser.postMessage("stop");
  }
  return new Promise((resolve) => otherUser.once("message", (worst: number) => resolve(worst)));
}

async function measured(testCase: Case, call: Call): Promise<{ status: number; body: string; otherWorstMs: number; loopMaxMs: number }> {
  await measureLoop();
  let result = { status: 0, body: "" };
  const otherWorstMs = await otherUserWorstDuring(async () => {
    result = await send(call);
    if (testCase.until && result.status < 300) await testCase.until(result.body);
  });
  return { ...result, otherWorstMs, loopMaxMs: await measureLoop() };
}

const ORDINARY: Call[] = [
  { method: "GET", path: "/api/evaluations/question-sets", role: "editor" },
  { method: "GET", path: "/api/evaluations/runs", role: "editor" },
  { method: "POST", path: "/api/evaluations/question-sets", role: "editor", json: { name: "ordinary", rows: [{ question: "What is WAL?" }] } },
];

beforeAll(async () => {
  gateway = await startTestGateway({ answerTimeScale: 0, rateLimitPerMinute: 1_000_000 });
  const root = path.resolve(__dirname, "../../..");
  child = fork(path.join(root, "lib/testing/component-bff-loader.ts"), [path.join(root, "lib/server/testing/monitored-bff-main.ts"), JSON.stringify({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey, managementKey: gateway.managementKey })], {
    cwd: root,
    execArgv: ["--import", "tsx"],
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  child.on("exit", (code, signal) => (exited = `exit code ${code}, signal ${signal}`));
  const ready = await new Promise<{ baseUrl: string }>((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", () => reject(new Error(`the BFF process did not start: ${exited}`)));
  });
  base = ready.baseUrl;
  otherUser = new Worker(OTHER_USER, { eval: true, workerData: { url: `${base}/api/me`, pollMs: POLL_MS } });
  for (const call of ORDINARY) expect((await send(call)).status).toBeLessThan(300);
  for (let round = 0; round < 2; round++) {
    for (const call of ORDINARY) {
      const worst = await otherUserWorstDuring(async () => void (await send(call)));
      baselineMs = Math.max(baselineMs, worst);
    }
  }
}, 180_000);

afterAll(async () => {
  await otherUser?.terminate();
  if (child?.connected) child.disconnect();
  await gateway?.close();
  // The figures the closing note of issue 36 reports (another user's worst GET /api/me, the BFF's own loop).
  console.info(`evaluation event-loop figures (baseline ${baselineMs.toFixed(0)} ms):\n${figures.map((f) => `  ${f.field} | ${f.name} | ${f.status} | other user worst ${f.otherWorstMs.toFixed(0)} ms | loop ${f.loopMaxMs.toFixed(0)} ms | allowed ${f.allowedMs.toFixed(0)} ms`).join("\n")}`);
});

/** The question set made once per size, for the cases that read one. */
const sets = new Map<string, Promise<string>>();
function setOf(rows: number, questionChars = 40): Promise<string> {
  const key = `${rows}x${questionChars}`;
  let made = sets.get(key);
  if (!made) {
    const json = { name: `fuzz ${key}`, rows: Array.from({ length: rows }, (_, i) => ({ question: `${i} ${"q".repeat(Math.max(1, questionChars - 8))}?` })) };
    made = send({ method: "POST", path: "/api/evaluations/question-sets", role: "admin", json }).then(({ status, body }) => {
      if (status !== 201) throw new Error(`the fuzz set was refused: ${status} ${body.slice(0, 300)}`);
      return (JSON.parse(body) as { data: { set_id: string } }).data.set_id;
    });
    sets.set(key, made);
  }
  return made;
}

/** The report's pattern: repeats of wide classes, a huge RE2 program (issue 36, finding 1). */
const WIDE_PATTERN = "pattern:(?:[\\x{0}-\\x{10FFFF}]{0,999}[\\x{0}-\\x{10FFFF}]{0,999}[\\x{0}-\\x{10FFFF}]{0,400}\\d|Q1)";
/** Patterns of about 450 instructions: the costliest kind a check list may hold four of (2,000 in all, lib/evaluations/pattern-size.ts). */
const HEAVY_PATTERNS = ["pattern:a[ab]{450}\\d", "pattern:b[ab]{450}\\d", "pattern:a[ab]{450}\\s", "pattern:b[ab]{450}\\s"];

/** Waits until the run that the answer body names has ended (its items scored), as an editor polling its page. */
async function runEnded(body: string): Promise<void> {
  const id = (JSON.parse(body) as { data: { id: string } }).data.id;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { body: detail } = await send({ method: "GET", path: `/api/evaluations/runs/${id}`, role: "editor" });
    if ((JSON.parse(detail) as { data: { status: string } }).data.status !== "running") return;
    if (Date.now() > deadline) throw new Error(`run ${id} did not end`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The costliest patterns again, each a repeat shorter per `n`: the same cost, a spelling no scoring cached yet. */
let rescores = 0;
const heavyPatterns = (n: number) => HEAVY_PATTERNS.map((pattern) => pattern.replace("{450}", `{${450 - n}}`));

/** Waits until the ended run's scoring that a re-score started has ended, as its results page polls it. */
async function scoringEnded(): Promise<void> {
  const id = await endedRunId();
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { body } = await send({ method: "GET", path: `/api/evaluations/runs/${id}/scorings`, role: "editor" });
    if (!(JSON.parse(body) as { data: { status: string }[] }).data.some((scoring) => scoring.status === "running")) return;
    if (Date.now() > deadline) throw new Error(`the scoring of run ${id} did not end`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** An ended run of `questions` long questions on the echo model (answers as long as the questions), for re-score. */
let endedRun: Promise<string> | undefined;
function endedRunId(): Promise<string> {
  endedRun ??= (async () => {
    const setId = await setOf(20, QUESTION_LIMITS.questionMaxChars);
    const { status, body } = await send({ method: "POST", path: "/api/evaluations/runs", role: "editor", json: { set_id: setId, models: ["gatehouse/echo"], concurrency: 4, cap_usd: 1, checks: ["min-length:1"] } });
    if (status !== 201) throw new Error(`the fuzz run was refused: ${status} ${body.slice(0, 300)}`);
    await runEnded(body);
    return (JSON.parse(body) as { data: { id: string } }).data.id;
  })();
  return endedRun;
}

const csvRows = (rows: number, row: (i: number) => string, header = "question") => `${header}\n${Array.from({ length: rows }, (_, i) => row(i)).join("\n")}\n`;

/** A CSV row with every column at its largest: question, expected, 16 tags of 40 characters, 50 long domains. */
function widestRow(i: number): string {
  const tags = Array.from({ length: QUESTION_LIMITS.tagsMax }, (_, t) => `${t}`.padEnd(QUESTION_LIMITS.tagMaxChars, "t")).join("; ");
  const domains = Array.from({ length: QUESTION_LIMITS.domainsMax }, (_, d) => `d${d}-${"a".repeat(40)}.r${i}-${"b".repeat(40)}.example`).join("; ");
  return [`${i} ${"q".repeat(QUESTION_LIMITS.questionMaxChars - 8)}`, "e".repeat(QUESTION_LIMITS.expectedMaxChars), `"${tags}"`, `"${domains}"`, "true"].join(",");
}
const WIDEST_ROWS = Math.floor((QUESTION_LIMITS.fileMaxBytes - 1024) / (widestRow(99_999).length + 1));
/** Questions as long as fit 10,000 of them in a file of 16 MiB. */
const FILLING_QUESTION = Math.min(QUESTION_LIMITS.questionMaxChars, Math.floor((QUESTION_LIMITS.fileMaxBytes - 1024) / QUESTION_LIMITS.rowsMax) - 8);

const CASES: Case[] = [
  {
    field: "imports",
    name: "a CSV of a million rows (3 MB), refused at row 10,001 (report: 3.3-10.7 s)",
    call: async () => ({ method: "POST", path: "/api/evaluations/question-sets?name=million", role: "editor", type: "text/csv", body: csvRows(1_000_000, () => "q") }),
    status: 400,
  },
  {
    field: "imports",
    name: "a JSONL of 900,000 rows (15 MB), refused at row 10,001",
    call: async () => ({ method: "POST", path: "/api/evaluations/question-sets?name=million", role: "editor", type: "application/jsonl", body: '{"question":"q"}\n'.repeat(900_000) }),
    status: 400,
  },
  {
    field: "imports",
    name: "the same million-row CSV as JSON text (the JSON form of an import)",
    call: async () => ({ method: "POST", path: "/api/evaluations/question-sets", role: "editor", json: { name: "million", format: "csv", text: csvRows(1_000_000, () => "q") } }),
    status: 400,
  },
  {
    field: "pages",
    name: "the set page's read of a 10,000-row set: its largest page of rows (report: 17.2 MB, 1.6-2.5 s)",
    call: async () => ({ method: "GET", path: `/api/evaluations/question-sets/${await setOf(QUESTION_LIMITS.rowsMax, QUESTION_LIMITS.questionMaxChars)}/rows?offset=9800&limit=200`, role: "viewer" }),
    status: 200,
  },
  {
    field: "lists",
    name: "the runs list's largest page",
    call: async () => {
      await endedRunId();
      return { method: "GET", path: "/api/evaluations/runs?limit=50", role: "viewer" };
    },
    status: 200,
  },
  {
    field: "checks",
    name: "a run of 20 answers of 2,000 characters with 32 text checks",
    call: async () => ({
      method: "POST",
      path: "/api/evaluations/runs",
      role: "editor",
      json: { set_id: await setOf(20, QUESTION_LIMITS.questionMaxChars), models: ["gatehouse/echo"], concurrency: 4, cap_usd: 1, checks: Array.from({ length: 32 }, (_, i) => `contains-i:${"word".repeat(50)}${i}`) },
    }),
    status: 201,
    until: runEnded,
  },
  {
    field: "exports",
    name: "the CSV export of a 10,000-row set of the longest questions",
    call: async () => ({ method: "GET", path: `/api/evaluations/question-sets/${await setOf(QUESTION_LIMITS.rowsMax, QUESTION_LIMITS.questionMaxChars)}/export?format=csv`, role: "viewer" }),
    status: 200,
  },
  {
    field: "pages",
    name: "an editor's draft: a 10,000-row set of the longest questions read whole",
    call: async () => ({ method: "GET", path: `/api/evaluations/question-sets/${await setOf(QUESTION_LIMITS.rowsMax, QUESTION_LIMITS.questionMaxChars)}`, role: "editor" }),
    status: 200,
  },
  {
    field: "imports",
    name: "the largest valid CSV: 10,000 rows filling 16 MiB",
    call: async () => ({ method: "POST", path: "/api/evaluations/question-sets?name=largest", role: "editor", type: "text/csv", body: csvRows(QUESTION_LIMITS.rowsMax, (i) => `${i} ${"q".repeat(FILLING_QUESTION)}`) }),
    status: 201,
  },
  {
    field: "columns",
    name: `every column at its largest (${WIDEST_ROWS} rows of 16 tags, 50 domains, the longest question and expected)`,
    call: async () => ({ method: "POST", path: "/api/evaluations/question-sets?name=widest", role: "editor", type: "text/csv", body: csvRows(WIDEST_ROWS, widestRow, "question,expected,tags,allowed_domains,time_sensitive") }),
    status: 201,
  },
  {
    field: "rows",
    name: "10,000 rows as JSON, each question of the largest length",
    call: async () => ({
      method: "POST",
      path: "/api/evaluations/question-sets",
      role: "editor",
      json: { name: "rows", rows: Array.from({ length: QUESTION_LIMITS.rowsMax }, (_, i) => ({ question: `${i} ${"q".repeat(QUESTION_LIMITS.questionMaxChars - 8)}` })) },
    }),
    status: 201,
  },
  // Pattern checks (finding 1): the report's pattern is refused at creation; the costliest patterns a list may hold
  // (four of about 450 instructions, 2,000 together) run in the check workers, off this loop.
  {
    field: "patterns",
    name: "a run with 32 of the report's wide pattern checks (report: 28.9 s): refused at creation, naming the check",
    call: async () => ({
      method: "POST",
      path: "/api/evaluations/runs",
      role: "editor",
      json: { set_id: await setOf(20, QUESTION_LIMITS.questionMaxChars), models: ["gatehouse/echo"], concurrency: 4, cap_usd: 1, checks: Array.from({ length: 32 }, () => WIDE_PATTERN) },
    }),
    status: 400,
  },
  {
    field: "patterns",
    name: "a run of 20 answers of 2,000 characters with the four costliest patterns allowed and 28 more checks, scored to its end",
    call: async () => ({
      method: "POST",
      path: "/api/evaluations/runs",
      role: "editor",
      json: { set_id: await setOf(20, QUESTION_LIMITS.questionMaxChars), models: ["gatehouse/echo"], concurrency: 4, cap_usd: 1, checks: [...HEAVY_PATTERNS, ...Array.from({ length: 28 }, (_, i) => `min-length:${i + 1}`)] },
    }),
    status: 201,
    until: runEnded,
  },
  {
    field: "re-score",
    name: "re-score of an ended run of 20 answers with the report's wide pattern (report: 4.8 s): refused, naming the check",
    call: async () => ({ method: "POST", path: `/api/evaluations/runs/${await endedRunId()}/rescore`, role: "editor", json: { checks: Array.from({ length: 10 }, () => WIDE_PATTERN) } }),
    status: 400,
  },
  {
    field: "re-score",
    name: "re-score of an ended run of 20 answers with the four costliest patterns allowed and 28 more checks, scored to its end",
    // A scoring job (202) run by the server's runner; each call's patterns differ by one repeat so the verdict cache
    // holds none of them and every pattern runs again.
    call: async () => ({ method: "POST", path: `/api/evaluations/runs/${await endedRunId()}/rescore`, role: "editor", json: { checks: [...heavyPatterns((rescores += 1)), ...Array.from({ length: 28 }, (_, i) => `min-length:${i + 1}`)] } }),
    status: 202,
    until: scoringEnded,
  },
];


describe("the dashboard's BFF stays responsive for another user with the largest valid value of every evaluation field", () => {
  it.each(CASES.map((testCase) => [`${testCase.field}: ${testCase.name}`, testCase] as const))(
    "%s",
    async (_, testCase) => {
      let best = Infinity;
      let loop = Infinity;
      let status = 0;
      for (let run = 0; run < 2; run++) {
        const call = await testCase.call();
        const result = await measured(testCase, call);
        expect(result.status, result.body.slice(0, 500)).toBe(testCase.status);
        status = result.status;
        best = Math.min(best, result.otherWorstMs);
        loop = Math.min(loop, result.loopMaxMs);
      }
      // The machine's load drifts over a run: the ordinary requests again, just before, count as baseline too.
      let local = baselineMs;
      for (const ordinary of ORDINARY.slice(0, 2)) local = Math.max(local, await otherUserWorstDuring(async () => void (await send(ordinary))));
      const allowed = NOISE_FACTOR * local + STALL_MS;
      figures.push({ field: testCase.field, name: testCase.name, status, otherWorstMs: best, loopMaxMs: loop, allowedMs: allowed });
      expect(best, `another user waited ${best.toFixed(0)} ms (baseline ${baselineMs.toFixed(0)} ms)`).toBeLessThanOrEqual(allowed);
    },
    300_000,
  );
});

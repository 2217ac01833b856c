import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { caller, startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import type { AppDb } from "../db/app-db";
import { EvaluationRunsStore, type EvaluationItemKey } from "../db/evaluation-runs-store";
import { openTestAppDb } from "../testing/test-support";
import { callItem, type ItemResult, type SendResponses } from "./item-call";
import { EvaluationRunner } from "./runner";
import { roomyLedger } from "../testing/test-ledger";

/** Questions the embedded gateway's fixed corpus answers with cited sources. */
const QUESTIONS = ["How does keyset pagination work?", "What is SQLite write-ahead logging?", "How do rate limits use Retry-After?"];
/** Two versions that differ in their search settings: few sources against many (the fast echo model). */
const VERSIONS = [
  { model: "gatehouse/echo", plugins: [{ id: "web", max_results: 2 }] },
  { model: "gatehouse/echo", plugins: [{ id: "web", max_results: 6 }] },
];
/** What each answer is charged in these tests (the echo model itself is free). */
const ITEM_PRICE_USD = 0.01;

let gateway: EmbeddedGateway;
const sent: string[] = [];

beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.close());

const faults = (rule: Record<string, unknown>) => caller(gateway, gateway.managementKey)("/__faults", { method: "POST", json: rule });

/** The gateway call, as the responses service makes it: POST /responses with the API key. */
const send: SendResponses = (body, signal) => {
  sent.push(String(body.input));
  return fetch(`${gateway.baseUrl}/responses`, {
    method: "POST",
    headers: { authorization: `Bearer ${gateway.apiKey}`, "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify(body),
    signal,
  });
};

function planItems(versions: number, questions: number, repeats = 1): EvaluationItemKey[] {
  const items: EvaluationItemKey[] = [];
  for (let question = 0; question < questions; question++)
    for (let version = 0; version < versions; version++)
      for (let repeat = 0; repeat < repeats; repeat++) items.push({ version_index: version, question_index: question, repeat_index: repeat });
  return items;
}

describe.each(APP_DB_DIALECTS)("evaluation runner on %s", (dialect) => {
  let db: AppDb;
  let dataDir: string;
  let store: EvaluationRunsStore;
  const runners: EvaluationRunner[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-eval-"));
    db = await openTestAppDb(dialect, dataDir);
    store = new EvaluationRunsStore(db, roomyLedger(db));
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await caller(gateway, gateway.managementKey)("/__faults", { method: "DELETE" });
    sent.length = 0;
  });
  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let runCounter = 0;
  async function newRun(options: { versions?: Record<string, unknown>[]; questions?: string[]; capUsd?: number; reserveUsd?: number } = {}) {
    const id = `run-${dialect}-${runCounter++}`;
    const versions = options.versions ?? VERSIONS;
    const questions = options.questions ?? QUESTIONS;
    await store.create({
      id,
      userId: "user-1",
      setId: "set-1",
      setVersion: 1,
      plan: { versions },
      capUsd: options.capUsd ?? 10,
      itemReserveUsd: options.reserveUsd ?? 0.01,
      items: planItems(versions.length, questions.length),
    });
    return { id, versions, questions };
  }

  function runner(instanceId: string, versions: Record<string, unknown>[], questions: string[], concurrency = 4) {
    const started = new EvaluationRunner({
      store,
      instanceId,
      pollMs: 50,
      // A lease no loaded machine lets lapse (renewed every 10 s): a lapsed claim is taken over and its call made
      // again by design, which is runner-resume.test.ts's subject; here two live runners must never share an item.
      // With 2 s, a CI machine at load 10 once let a renewal slip and the item was sent twice (21 calls for 20).
      leaseMs: 30_000,
      backoffBaseMs: 50,
      backoffMaxMs: 200,
      workFor: async () => ({
        concurrency,
        execute: async (item, signal) => {
          const outcome = await callItem(send, { ...versions[item.version_index], input: questions[item.question_index] }, signal);
          // The echo model is free: each answer is charged a fixed price here, so the cap and the totals can be checked.
          return outcome.kind === "done" ? { ...outcome, result: { ...outcome.result, cost_usd: ITEM_PRICE_USD } } : outcome;
        },
      }),
      onError: (error) => console.error(error),
    });
    runners.push(started);
    started.start();
    return started;
  }

  it("runs every item once, storing the answer with exact citations, the sources searched, cost and timings", async () => {
    const { id, versions, questions } = await newRun();
    const worker = runner("a", versions, questions);
    await worker.idle(id);

    const run = await store.get(id);
    expect(run?.status).toBe("finished");
    const items = await store.items(id);
    expect(items).toHaveLength(6);
    expect(sent).toHaveLength(6);
    for (const item of items) {
      expect(item.status).toBe("done");
      expect(item.attempts).toBe(1);
      const result = item.result as ItemResult;
      expect(result.answer.length).toBeGreaterThan(0);
      expect(result.citations.length).toBeGreaterThan(0);
      expect(result.sources.length).toBeGreaterThan(0);
      for (const citation of result.citations) {
        expect(citation.end_index).toBeGreaterThan(citation.start_index);
        expect(citation.end_index).toBeLessThanOrEqual(result.answer.length);
      }
      expect(result.usage?.output_tokens).toBeGreaterThan(0);
      expect(result.latency_ms).toBeGreaterThanOrEqual(result.ttft_ms ?? 0);
      expect(item.cost_usd).toBeCloseTo(ITEM_PRICE_USD, 9);
    }
    // The two versions' search settings reach the gateway: few sources against many.
    const sourcesOf = (version: number) => items.filter((item) => item.version_index === version).map((item) => (item.result as ItemResult).sources.length);
    expect(Math.max(...sourcesOf(0))).toBeLessThanOrEqual(2);
    expect(Math.max(...sourcesOf(1))).toBeGreaterThan(2);
  });

  it("waits as a 429's Retry-After says, retries 500s and cut streams, and records other failures without stopping the run", async () => {
    const versions = [...VERSIONS, { model: "no-such/model" }];
    const { id, questions } = await newRun({ versions });
    await faults({ path: "/responses", count: 1, status: 429, retry_after_seconds: 1 });
    await faults({ path: "/responses", count: 2, status: 500 });
    await faults({ path: "/responses", count: 1, cut_stream_after_events: 3 });
    const worker = runner("a", versions, questions, 1);
    const started = Date.now();
    await worker.idle(id);

    expect((await store.get(id))?.status).toBe("finished");
    const items = await store.items(id);
    // The 429's Retry-After of 1 s was honoured, not the 50 ms backoff.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    const good = items.filter((item) => item.version_index < 2);
    expect(good.every((item) => item.status === "done")).toBe(true);
    // Four faults, each costing one attempt of some item.
    expect(good.reduce((sum, item) => sum + item.attempts - 1, 0)).toBe(4);
    const bad = items.filter((item) => item.version_index === 2);
    expect(bad.every((item) => item.status === "failed")).toBe(true);
    expect(bad[0].attempts).toBe(1);
    expect(bad[0].error).toMatchObject({ status: 400 });
    expect((bad[0].error as { message: string }).message).toMatch(/model/i);
  });

  it("gives up on an item after a bounded number of tries, with the last error", async () => {
    const { id } = await newRun({ versions: [VERSIONS[0]], questions: [QUESTIONS[0]] });
    await faults({ path: "/responses", count: 50, status: 503 });
    const worker = runner("a", [VERSIONS[0]], [QUESTIONS[0]]);
    await worker.idle(id);
    const [item] = await store.items(id);
    expect(item.status).toBe("failed");
    expect(item.attempts).toBe(5);
    expect(item.error).toMatchObject({ status: 503 });
    expect((item.error as { message: string }).message).toMatch(/after 5 tries/);
  });

  it("cancel stops new items within a second and keeps what was done", async () => {
    const questions = Array.from({ length: 12 }, (_, index) => `${QUESTIONS[index % 3]} (${index})`);
    const { id, versions } = await newRun({ questions });
    await faults({ path: "/responses", count: 100, latency_ms: 300 });
    runner("a", versions, questions, 2);
    // Wait until some items are done, then cancel.
    await expect.poll(async () => (await store.progress(id)).filter((row) => row.status === "done").reduce((sum, row) => sum + row.count, 0), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await store.cancel(id)).toBe(true);
    const sentAtCancel = sent.length;
    await expect.poll(async () => (await store.items(id)).filter((item) => item.status === "claimed").length, { timeout: 5_000 }).toBe(0);
    const items = await store.items(id);
    expect((await store.get(id))?.status).toBe("cancelled");
    expect(items.filter((item) => item.status === "done").length).toBeGreaterThan(0);
    expect(items.filter((item) => item.status === "cancelled").length).toBeGreaterThan(0);
    expect(items.some((item) => item.status === "pending")).toBe(false);
    // Nothing new was sent after the cancel.
    expect(sent.length).toBe(sentAtCancel);
  });

  it("two runners on one database run each item exactly once, within the run's concurrency", async () => {
    const questions = Array.from({ length: 10 }, (_, index) => `${QUESTIONS[index % 3]} (${index})`);
    const { id, versions } = await newRun({ questions });
    await faults({ path: "/responses", count: 100, latency_ms: 100 });
    const a = runner("a", versions, questions, 3);
    const b = runner("b", versions, questions, 3);
    let most = 0;
    const watch = setInterval(() => {
      void store.items(id).then((items) => {
        most = Math.max(most, items.filter((item) => item.status === "claimed").length);
      });
    }, 30);
    await Promise.all([a.idle(id), b.idle(id)]);
    clearInterval(watch);
    const items = await store.items(id);
    expect(items.every((item) => item.status === "done" && item.attempts === 1)).toBe(true);
    expect(sent).toHaveLength(items.length);
    expect(new Set(sent).size).toBe(questions.length);
    expect(most).toBeLessThanOrEqual(3);
  });

  it("stops at the spending cap: no item starts that could take the run past it", async () => {
    const questions = Array.from({ length: 8 }, (_, index) => `${QUESTIONS[index % 3]} (${index})`);
    // Each item may cost at most 0.01 (reserved); the cap leaves room for three of them.
    const { id, versions } = await newRun({ questions, capUsd: 0.035, reserveUsd: ITEM_PRICE_USD });
    const worker = runner("a", versions, questions, 1);
    await worker.idle(id);
    const run = await store.get(id);
    expect(run?.status).toBe("stopped");
    expect(run?.stop_reason).toBe("cap");
    const items = await store.items(id);
    const done = items.filter((item) => item.status === "done");
    expect(done.length).toBe(3);
    expect(done.reduce((sum, item) => sum + (item.cost_usd ?? 0), 0)).toBeLessThanOrEqual(0.035);
    expect(items.some((item) => item.status === "pending" || item.status === "claimed")).toBe(false);
  });
});

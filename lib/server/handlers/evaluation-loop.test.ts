import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionSetSavedEnvelopeSchema } from "@/lib/contract/bff/evaluations";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { appContext } from "../config/app-context";
import { scoreToEnd } from "../testing/evaluation-runner";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { applyRunRescore } from "./evaluation-results";
import { createSet } from "./evaluation-sets";
import { getMe } from "./users";

/**
 * Issue 36, finding 1: pattern checks ran on the request loop, and one answer scored by 32 patterns of
 * `[\x{0}-\x{10FFFF}]{0,999}` repeats froze every other user for 28.9 s (re-score: 4.8 s for 10). Measured as the
 * issue did: another signed-in user's GET /api/me, polled every 100 ms over HTTP, while an editor re-scores a run's
 * answers over HTTP with the costliest checks the API accepts, and the server's scoring job (in this process, as the
 * server runs it) scores them. The checks run in the check workers now; this test fails (tens of seconds) when they
 * run in the loop's thread again.
 */

/** What one poll may take on a loaded test machine (the issue's target, p99 under 100 ms, is the benchmark's). */
const WORST_POLL_MS = 2_000;
const ANSWERS = 4;
const ANSWER_CHARS = 3_000;
/** Patterns of 454 instructions: the costliest kind a list may hold four of (2,000 in all); 0.5 s or more each over 2,000 characters of a and b (seconds together in the request's thread). */
const HEAVY = ["pattern:a[ab]{450}\\d", "pattern:b[ab]{450}\\d", "pattern:a[ab]{450}\\s", "pattern:b[ab]{450}\\s"];
const ISSUE_PATTERN = "pattern:(?:[\\x{0}-\\x{10FFFF}]{0,999}[\\x{0}-\\x{10FFFF}]{0,999}[\\x{0}-\\x{10FFFF}]{0,400}\\d|Q1)";

function aAndB(length: number, seed: number): string {
  let text = "";
  for (let i = 0; i < length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    text += (seed >> 16) & 1 ? "a" : "b";
  }
  return text;
}

let gateway: EmbeddedGateway;
let bff: BffTestEnv;
let server: Server;
let base: string;
const RUN_ID = "6b0f7c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e";

beforeAll(async () => {
  gateway = await startTestGateway({ answerTimeScale: 0 });
  bff = await setUpBff(gateway, { MODEL_MAX_COST_PER_DAY_USD: "50" });
  const created = await createSet(bff.request("/api/evaluations/question-sets", { role: "editor", json: { name: "loop", rows: Array.from({ length: ANSWERS }, (_, i) => ({ question: `Question ${i}?` })) } }), params({}));
  const setId = QuestionSetSavedEnvelopeSchema.parse(await created.json()).data.set_id;
  const result = (answer: string) => ({ answer, citations: [], sources: [], searches: [], model: "gatehouse/echo", response_id: null, usage: null, cost_usd: 0, ttft_ms: 1, latency_ms: 2, status: "completed", incomplete_reason: null });
  await (await appContext()).evaluationRuns.createEnded({
    id: RUN_ID,
    userId: bff.userIds.editor,
    setId,
    setVersion: 1,
    plan: { versions: [{ id: "gatehouse/echo", label: "gatehouse/echo", request: { model: "gatehouse/echo" } }], repeats: 1, concurrency: 1, checks: [] },
    capUsd: 1,
    itemReserveUsd: 0,
    status: "finished",
    items: Array.from({ length: ANSWERS }, (_, i) => ({ version_index: 0, question_index: i, repeat_index: 0, status: "done" as const, result: result(aAndB(ANSWER_CHARS, i + 1)), costUsd: 0 })),
  });
  // The routes over HTTP, each request with the session cookie it came with (two users at once).
  server = createServer((incoming, outgoing) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const init = { method: incoming.method, headers: { cookie: String(incoming.headers.cookie ?? ""), "content-type": "application/json" }, body: body.length > 0 ? new Uint8Array(body) : undefined };
      const response = incoming.url === "/api/me" ? await getMe(bff.request("/api/me", init), params({})) : await applyRunRescore(bff.request(incoming.url ?? "/", init), params({ id: RUN_ID }));
      outgoing.writeHead(response.status, { "content-type": "application/json" });
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await bff.cleanup();
  await gateway.close();
});

/** Polls GET /api/me as the viewer every 100 ms while `work` runs; each poll's latency, in ms. */
async function pollWhile(work: () => Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  const poller = (async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${base}/api/me`, { headers: { cookie: bff.cookies.viewer } });
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    await work();
  } finally {
    done = true;
    await poller;
  }
  return latencies;
}

const rescore = (checks: string[]) =>
  fetch(`${base}/api/evaluations/runs/${RUN_ID}/rescore`, { method: "POST", headers: { cookie: bff.cookies.editor, "content-type": "application/json", origin: "http://localhost:3000" }, body: JSON.stringify({ checks }) });

describe("checks never hold the request loop", () => {
  it("refuses the issue's pattern at creation, naming the check", async () => {
    const response = await rescore(["min-length:1", ISSUE_PATTERN]);
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/checks\[1\].*too complex/);
  });

  it("keeps another user's GET /api/me fast while an editor re-scores with the costliest checks allowed", async () => {
    const checks = [...HEAVY, ...Array.from({ length: 28 }, (_, i) => `min-length:${i}`)];
    let status = 0;
    const started = performance.now();
    // The loop's own stalls too: a slow poll on a loaded machine is CPU starvation, a stall is work on the loop.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const latencies = await pollWhile(async () => {
      const response = await rescore(checks);
      status = response.status;
      await response.arrayBuffer();
      // The re-score is a job (202): the work the issue measured is the scoring of the answers that follows.
      if (status === 202) await scoreToEnd();
    });
    const took = performance.now() - started;
    loop.disable();
    const sorted = [...latencies].sort((a, b) => a - b);
    const p99 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)];
    console.log(`[finding 1] re-score of ${ANSWERS} answers × ${checks.length} checks took ${took.toFixed(0)} ms; GET /api/me polls: ${latencies.length}, p99 ${p99.toFixed(0)} ms, worst ${sorted.at(-1)!.toFixed(0)} ms; longest loop stall ${(loop.max / 1e6).toFixed(0)} ms`);
    expect(status).toBe(202);
    expect(sorted.at(-1)).toBeLessThan(WORST_POLL_MS);
  }, 120_000);
});

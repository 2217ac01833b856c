import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EvaluationRunEnvelopeSchema, QuestionSetSavedEnvelopeSchema } from "@/lib/contract/bff/evaluations";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { caller, startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import { appContext } from "../config/app-context";
import { createSet } from "../handlers/evaluation-sets";
import { createEvaluationRun } from "../handlers/evaluation-runs";
import { runToEnd } from "../testing/evaluation-runner";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";

/**
 * Issue 36, finding 3: a preset with a 200,000-character system prompt and web search made each item cost about
 * 25× the run's item reserve, and a run capped at $0.07 spent $1.64. The reserve must be an upper bound from the
 * real request, so what a run spends never passes its cap.
 */

const CAP_USD = 0.07;
// "a." is two tokens to the embedded gateway's tokenizer: 200,000 characters, 200,000 prompt tokens, $0.20 on scholar.
const LONG_PROMPT = "a.".repeat(100_000);
const QUESTIONS = Array.from({ length: 8 }, (_, index) => `What is keyset pagination, part ${index + 1}?`);

describe.each(APP_DB_DIALECTS)("a long-prompt preset's run on %s", (dialect) => {
  let gateway: EmbeddedGateway;
  let bff: BffTestEnv;

  beforeAll(async () => {
    gateway = await startTestGateway({ answerTimeScale: 0 });
    const saved = await caller(gateway, gateway.managementKey)("/presets/long-prompt/chat/completions", {
      method: "POST",
      json: {
        model: "gatehouse/scholar",
        plugins: [{ id: "web", max_results: 5 }],
        messages: [
          { role: "system", content: LONG_PROMPT },
          { role: "user", content: "Hi" },
        ],
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    bff = await setUpBff({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey }, { MODEL_MAX_COST_PER_DAY_USD: "50" }, { database: dialect });
  }, 60_000);
  afterAll(async () => {
    await bff.cleanup();
    await gateway.close();
  });

  async function newSet(): Promise<string> {
    const set = await createSet(bff.request("/api/evaluations/question-sets", { role: "editor", json: { name: "long", rows: QUESTIONS.map((question) => ({ question })) } }), params({}));
    return QuestionSetSavedEnvelopeSchema.parse(await set.json()).data.set_id;
  }
  const start = async (capUsd: number) =>
    createEvaluationRun(bff.request("/api/evaluations/runs", { role: "editor", json: { set_id: await newSet(), preset: "long-prompt", versions: [1], concurrency: 4, cap_usd: capUsd } }), params({}));

  it("refuses a run whose cap cannot take one item's upper bound (before: started, and spent 3-9x the cap)", async () => {
    const response = await start(CAP_USD);
    expect(response.status).toBe(402);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/One item's call may cost up to \$0\.2\d/);
    const context = await appContext();
    expect(await context.ledger.spentSince(bff.userIds.editor, 0)).toBe(0);
  });

  it("spends no more than the cap when items cost what their requests allow, and stops", { timeout: 120_000 }, async () => {
    const capUsd = 1;
    const response = await start(capUsd);
    expect(response.status, await response.clone().text()).toBe(201);
    const runId = EvaluationRunEnvelopeSchema.parse(await response.json()).data.id;
    await runToEnd([runId]);
    const context = await appContext();
    const items = await context.evaluationRuns.items(runId);
    const spent = items.reduce((sum, item) => sum + (item.cost_usd ?? 0), 0);
    // The figure the report gives (before: a $0.07 cap spent $0.21 on SQLite, $0.62 on PostgreSQL; $1.64 in the issue).
    console.info(`[36.3] ${dialect}: a run capped at $${capUsd} spent $${spent.toFixed(4)} on ${items.filter((item) => item.status === "done").length} items`);
    expect(spent).toBeGreaterThan(0.2);
    expect(spent).toBeLessThanOrEqual(capUsd + 1e-9);
    const run = await context.evaluationRuns.get(runId);
    expect(run).toMatchObject({ status: "stopped", stop_reason: "cap" });
    // Every call is on the ledger, settled at what the gateway reported; the person's spending is the run's.
    const entries = (await Promise.all(items.map((item) => context.ledger.entriesOf({ kind: "evaluation-item", id: `${runId}:${item.position}` })))).flat();
    expect(entries.every((entry) => entry.state === "settled" && entry.settled_usd! <= entry.reserved_usd)).toBe(true);
    expect(await context.ledger.spentSince(bff.userIds.editor, 0)).toBeCloseTo(spent, 9);
  });
});

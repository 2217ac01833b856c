import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EvaluationEstimateEnvelopeSchema, EvaluationRunDetailEnvelopeSchema, EvaluationRunEnvelopeSchema, EvaluationRunListResponseSchema, QuestionSetSavedEnvelopeSchema } from "@/lib/contract/bff/evaluations";
import { EvaluationResultsSummaryEnvelopeSchema } from "@/lib/contract/bff/evaluation-results";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { caller, startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import { appContext } from "../config/app-context";
import { createSet } from "../handlers/evaluation-sets";
import { exportRunResults, getResultsSummary } from "../handlers/evaluation-results";
import { createEvaluationRun, estimateEvaluationRun, getEvaluationRun, listEvaluationRuns } from "../handlers/evaluation-runs";
import { notRunSummary } from "@/lib/evaluations/runs/progress";
import { runToEnd } from "../testing/evaluation-runner";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";

/**
 * Issue 38 part 4 and issue 39 (an unknown outcome keeps its reserve): one cost figure per answer, the ledger's.
 * A run whose first answer is cut mid-stream (the embedded gateway's fault switch: no final event, no usage), then
 * answered, and graded by the judge: the cut attempt's ledger entry stays unknown at its reserve (before: settled at
 * $0), and the run page, the results page, both exports and the runs list all show the ledger's sum for the run.
 */

const QUESTIONS = ["How does keyset pagination work?", "What is SQLite write-ahead logging?", "How do rate limits use Retry-After?", "What is a CSRF token?"];

describe.each(APP_DB_DIALECTS)("an evaluation run's money on %s", (dialect) => {
  let gateway: EmbeddedGateway;
  let bff: BffTestEnv;

  beforeAll(async () => {
    gateway = await startTestGateway({ answerTimeScale: 0 });
    bff = await setUpBff({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey }, { MODEL_MAX_COST_PER_DAY_USD: "50" }, { database: dialect });
  }, 60_000);
  afterAll(async () => {
    await bff.cleanup();
    await gateway.close();
  });

  it("keeps a cut answer's reserve and shows the ledger's sum on the run page, the results, the exports and the runs list", { timeout: 120_000 }, async () => {
    const set = await createSet(bff.request("/api/evaluations/question-sets", { role: "editor", json: { name: "money", rows: QUESTIONS.map((question) => ({ question })) } }), params({}));
    const setId = QuestionSetSavedEnvelopeSchema.parse(await set.json()).data.set_id;
    const created = await createEvaluationRun(
      bff.request("/api/evaluations/runs", { role: "editor", json: { set_id: setId, models: ["gatehouse/scholar"], concurrency: 1, checks: ["min-length:1", "judge:Answers the question"], cap_usd: 5 } }),
      params({}),
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const runId = EvaluationRunEnvelopeSchema.parse(await created.json()).data.id;
    // The first call the run makes (item 0's answer, concurrency 1) is cut after two text deltas: no usage comes.
    const fault = await caller(gateway, gateway.managementKey)("/__faults", { method: "POST", json: { path: "/responses", method: "POST", count: 1, cut_stream_after_deltas: 2 } });
    expect(fault.status).toBeLessThan(300);
    await runToEnd([runId]);

    const context = await appContext();
    const items = await context.evaluationRuns.items(runId);
    expect(items.every((item) => item.status === "done")).toBe(true);
    const entries = (await Promise.all(items.map((item) => context.ledger.entriesOf({ kind: "evaluation-item", id: `${runId}:${item.position}` })))).flat();
    // The cut attempt: its cost unknown, its reserve kept (before the fix: settled at $0).
    const unknown = entries.filter((entry) => entry.state === "unknown");
    expect(unknown).toHaveLength(1);
    expect(unknown[0].reserved_usd).toBeGreaterThan(0);
    expect(entries.filter((entry) => entry.state === "settled" && entry.feature === "evaluation-item" && entry.settled_usd === 0)).toHaveLength(0);
    expect(entries.some((entry) => entry.feature === "evaluation-judge" && entry.state === "settled")).toBe(true);
    const ledgerSum = entries.reduce((sum, entry) => sum + (entry.state === "settled" ? entry.settled_usd! : entry.state === "unknown" ? entry.reserved_usd : 0), 0);
    expect(ledgerSum).toBeGreaterThan(unknown[0].reserved_usd);

    const run = EvaluationRunDetailEnvelopeSchema.parse(await (await getEvaluationRun(bff.request(`/api/evaluations/runs/${runId}`, { role: "viewer" }), params({ id: runId }))).json()).data;
    expect(run.progress.totals.spent_usd).toBeCloseTo(ledgerSum, 9);
    expect(run.progress.totals.unknown_usd).toBeCloseTo(unknown[0].reserved_usd, 9);
    expect(run.progress.cost_split?.total_usd).toBeCloseTo(ledgerSum, 9);

    const summary = EvaluationResultsSummaryEnvelopeSchema.parse(await (await getResultsSummary(bff.request(`/api/evaluations/runs/${runId}/results`, { role: "viewer" }), params({ id: runId }))).json()).data;
    expect(summary.spent?.total_usd).toBeCloseTo(ledgerSum, 9);
    expect(summary.versions.reduce((sum, version) => sum + version.aggregate.cost_usd, 0)).toBeCloseTo(ledgerSum, 9);

    const exported = async (format: string) => (await exportRunResults(bff.request(`/api/evaluations/runs/${runId}/results/export?format=${format}`, { role: "viewer" }), params({ id: runId }))).text();
    const [header, ...rows] = (await exported("csv")).trim().split("\r\n");
    const column = header.split(",").indexOf("cost_usd");
    // The answers are prose with commas, quoted: the cost column comes before them, so a plain split reads it.
    expect(rows.reduce((sum, row) => sum + Number(row.split(",")[column]), 0)).toBeCloseTo(ledgerSum, 6);
    const json = JSON.parse(await exported("json")) as { items: { cost_usd: number; cost_unknown_usd: number }[] };
    expect(json.items.reduce((sum, item) => sum + item.cost_usd, 0)).toBeCloseTo(ledgerSum, 9);
    expect(json.items.reduce((sum, item) => sum + item.cost_unknown_usd, 0)).toBeCloseTo(unknown[0].reserved_usd, 9);

    // The run keeps the estimate it started with, a range from its requests, shown beside what it spent.
    expect(run.estimate?.low_usd).toBeGreaterThan(0);
    expect(run.estimate!.high_usd).toBeGreaterThanOrEqual(ledgerSum);
    const list = EvaluationRunListResponseSchema.parse(await (await listEvaluationRuns(bff.request("/api/evaluations/runs", { role: "viewer" }), params({}))).json());
    expect(list.data.find((entry) => entry.id === runId)?.totals.spent_usd).toBeCloseTo(ledgerSum, 9);
  });

  it("starts a run whose cap is below its estimate, runs what fits, stops at the cap and says how many items it left", { timeout: 120_000 }, async () => {
    const rows = Array.from({ length: 12 }, (_, index) => ({ question: `${QUESTIONS[index % QUESTIONS.length]} (${index + 1})` }));
    const set = await createSet(bff.request("/api/evaluations/question-sets", { role: "editor", json: { name: "fits", rows } }), params({}));
    const setId = QuestionSetSavedEnvelopeSchema.parse(await set.json()).data.set_id;
    // A cap below the typical estimate, above one answer's upper bound: before, refused (402) with Start disabled.
    const short = { set_id: setId, models: ["gatehouse/scholar"], concurrency: 2 };
    const typical = EvaluationEstimateEnvelopeSchema.parse(await (await estimateEvaluationRun(bff.request("/api/evaluations/runs/estimate", { role: "editor", json: { ...short, cap_usd: 5 } }), params({}))).json()).data;
    const belowTypical = Number(((typical.item_reserve_usd + typical.total_usd) / 2).toFixed(6));
    expect(belowTypical).toBeLessThan(typical.total_usd);
    const under = await createEvaluationRun(bff.request("/api/evaluations/runs", { role: "editor", json: { ...short, cap_usd: belowTypical } }), params({}));
    expect(under.status, await under.clone().text()).toBe(201);
    await runToEnd([EvaluationRunEnvelopeSchema.parse(await under.json()).data.id]);

    // A long system prompt makes each answer cost near its upper bound (its input is counted exactly), so the cap bites.
    const saved = await caller(gateway, gateway.managementKey)("/presets/long-fits/chat/completions", {
      method: "POST",
      json: { model: "gatehouse/scholar", messages: [{ role: "system", content: "a.".repeat(20_000) }, { role: "user", content: "Hi" }] },
    });
    expect(saved.status).toBe(200);
    const plan = { set_id: setId, preset: "long-fits", versions: [1], concurrency: 2, checks: ["min-length:1"] };
    const wide = EvaluationEstimateEnvelopeSchema.parse(await (await estimateEvaluationRun(bff.request("/api/evaluations/runs/estimate", { role: "editor", json: { ...plan, cap_usd: 5 } }), params({}))).json()).data;
    expect(wide.low_usd).toBeGreaterThan(0);
    expect(wide.low_usd).toBeLessThan(wide.high_usd);
    expect(wide.fits_items).toBe(12);
    console.info(`[38.4] ${dialect}: estimate ${wide.low_usd}–${wide.high_usd}, typical ${wide.total_usd}, one item reserves ${wide.item_reserve_usd}`);
    // A cap a third of the high end: before, the estimate refused it (402) and Start was disabled.
    const capUsd = Number((wide.high_usd / 3).toFixed(6));
    const tight = EvaluationEstimateEnvelopeSchema.parse(await (await estimateEvaluationRun(bff.request("/api/evaluations/runs/estimate", { role: "editor", json: { ...plan, cap_usd: capUsd } }), params({}))).json()).data;
    expect(tight.refusals).toEqual([]);
    expect(tight.fits_items).toBeGreaterThan(0);
    expect(tight.fits_items).toBeLessThan(12);
    const created = await createEvaluationRun(bff.request("/api/evaluations/runs", { role: "editor", json: { ...plan, cap_usd: capUsd } }), params({}));
    expect(created.status, await created.clone().text()).toBe(201);
    const runId = EvaluationRunEnvelopeSchema.parse(await created.json()).data.id;
    // Each answer costs less than its upper bound: the runner claims past `fits_items`, each claim weighing the cap.
    await runToEnd([runId]);
    const run = EvaluationRunDetailEnvelopeSchema.parse(await (await getEvaluationRun(bff.request(`/api/evaluations/runs/${runId}`, { role: "viewer" }), params({ id: runId }))).json()).data;
    expect(run).toMatchObject({ status: "stopped", stop_reason: "cap" });
    expect(run.progress.totals.spent_usd).toBeLessThanOrEqual(capUsd + 1e-9);
    // `fits_items` answers fit at their upper bounds; a retried or lapsed attempt keeps its reserve, so fewer may end.
    expect(run.progress.totals.done).toBeGreaterThan(0);
    expect(run.progress.totals.cancelled).toBeGreaterThan(0);
    expect(notRunSummary(run)).toBe(`Stopped at the cap: ${run.progress.totals.cancelled} of 12 items not run.`);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EvaluationRescoreEstimateEnvelopeSchema, EvaluationScoringEnvelopeSchema, EvaluationScoringListEnvelopeSchema } from "@/lib/contract/bff/evaluation-results";
import { EvaluationEstimateEnvelopeSchema, EvaluationItemPageSchema, EvaluationRunDetailEnvelopeSchema, EvaluationRunEnvelopeSchema, QuestionSetSavedEnvelopeSchema } from "@/lib/contract/bff/evaluations";
import { BudgetEnvelopeSchema } from "@/lib/contract/bff/schemas";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { notRunSummary } from "@/lib/evaluations/runs/progress";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import { appContext } from "../config/app-context";
import { getMyBudget, putUserBudget } from "../handlers/budgets";
import { applyRunRescore, estimateRunRescore, listRunScorings } from "../handlers/evaluation-results";
import { createSet } from "../handlers/evaluation-sets";
import { createEvaluationRun, estimateEvaluationRun, getEvaluationRun, listEvaluationRunItems } from "../handlers/evaluation-runs";
import { startCountingProxy, type CountingProxy } from "../testing/counting-proxy";
import { runToEnd, scoreToEnd } from "../testing/evaluation-runner";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";

/**
 * Issue 39, an evaluation's judge calls: each reserves on its owner's ledger (`evaluation-judge`) before it is sent,
 * in a run (EvaluationRunsStore.reserveCall) and in a re-score (scoring-jobs.ts). Within the budget they land on the
 * ledger; when an item's answer fits the budget but its judge call does not, the judge call never reaches the
 * gateway: the run stops at the budget (stop_reason "budget") and the item's judge check says the budget refused it
 * (no score, so a re-score judges it again); a re-score stops failed with the refusal as its error. Real HTTP to
 * an embedded gateway through a proxy that counts what reaches it; the app database on both dialects.
 */

const QUESTIONS = ["How does keyset pagination work?", "What is SQLite write-ahead logging?"];
const RUN_CHECKS = ["min-length:1", "judge:Answers the question"];
const RESCORE_CHECKS = ["judge:Is the answer short and to the point?"];
/** Less than any judge call's reserve: its answer bound alone is 1,024 tokens at the demo judge's $0.0000002. */
const LESS_THAN_A_JUDGE_CALL_USD = 0.0001;

type Check = { kind: string; passed: boolean; score?: number; reasoning?: string; judge_model?: string };

describe.each(APP_DB_DIALECTS)("evaluation judge calls within the person's budget on %s", (dialect) => {
  let gateway: EmbeddedGateway;
  let proxy: CountingProxy;
  let bff: BffTestEnv;
  let setId: string;
  /** The run whose judge calls all fit. */
  let fitting: string;
  /** The run the budget stopped, with one answer. */
  let stopped: string;
  let editor: string;

  beforeAll(async () => {
    gateway = await startTestGateway({ answerTimeScale: 0 });
    proxy = await startCountingProxy(gateway.baseUrl);
    // Every spending setting explicit: the caller's environment decides nothing here.
    bff = await setUpBff(
      { baseUrl: proxy.baseUrl, apiKey: gateway.apiKey },
      { MODEL_MAX_COST_PER_DAY_USD: "50", MODEL_MAX_COST_PER_MONTH_USD: "1000", VIDEO_MAX_COST_PER_DAY_USD: "" },
      { database: dialect },
    );
    editor = bff.userIds.editor;
    const set = await createSet(bff.request("/api/evaluations/question-sets", { role: "editor", json: { name: "judge budget", rows: QUESTIONS.map((question) => ({ question })) } }), params({}));
    setId = QuestionSetSavedEnvelopeSchema.parse(await set.json()).data.set_id;
  }, 60_000);
  afterAll(async () => {
    await bff.cleanup();
    await proxy.close();
    await gateway.close();
  });

  /** The plan of a run of both questions on `model`, one item at a time (so which call meets the budget is known). */
  const planOf = (model: string) => ({ set_id: setId, models: [model], concurrency: 1, checks: RUN_CHECKS, cap_usd: 5 });

  async function startRun(json: unknown): Promise<string> {
    const response = await createEvaluationRun(bff.request("/api/evaluations/runs", { role: "editor", json }), params({}));
    expect(response.status, await response.clone().text()).toBe(201);
    return EvaluationRunEnvelopeSchema.parse(await response.json()).data.id;
  }

  /** What one answer of the plan reserves when it is claimed (the estimate's figure for its dearest question). */
  async function answerReserveOf(json: unknown): Promise<number> {
    const estimated = await estimateEvaluationRun(bff.request("/api/evaluations/runs/estimate", { role: "editor", json }), params({}));
    return EvaluationEstimateEnvelopeSchema.parse(await estimated.json()).data.item_reserve_usd;
  }

  const answersSent = () => proxy.count("POST", "/responses");

  async function setDayLimit(dayUsd: number | null) {
    const response = await putUserBudget(bff.request(`/api/users/${editor}/budget`, { role: "admin", method: "PUT", json: { day_usd: dayUsd, month_usd: null } }), params({ id: editor }));
    expect(response.status, await response.clone().text()).toBe(200);
  }

  async function budget() {
    return BudgetEnvelopeSchema.parse(await (await getMyBudget(bff.request("/api/me/budget", { role: "editor" }), params({}))).json()).data;
  }

  async function itemsOf(runId: string) {
    const response = await listEvaluationRunItems(bff.request(`/api/evaluations/runs/${runId}/items`, { role: "viewer" }), params({ id: runId }));
    return EvaluationItemPageSchema.parse(await response.json()).data;
  }

  async function runOf(runId: string) {
    return EvaluationRunDetailEnvelopeSchema.parse(await (await getEvaluationRun(bff.request(`/api/evaluations/runs/${runId}`, { role: "viewer" }), params({ id: runId }))).json()).data;
  }

  /** The ledger's entries of one run's item: its answer's and its judge calls'. */
  async function entriesOfItem(runId: string, position: number) {
    return (await appContext()).ledger.entriesOf({ kind: "evaluation-item", id: `${runId}:${position}` });
  }

  /** The ledger's entries of one re-score's judge calls (subject "scoring:position"). */
  async function entriesOfScoring(runId: string, number: number) {
    const { db, ledger } = await appContext();
    const scoring = await db.kysely.selectFrom("eval_scorings").select("id").where("run_id", "=", runId).where("number", "=", number).executeTakeFirstOrThrow();
    const positions = (await itemsOf(runId)).map((item) => item.position);
    return (await Promise.all(positions.map((position) => ledger.entriesOf({ kind: "evaluation-scoring", id: `${scoring.id}:${position}` })))).flat();
  }

  async function rescore(runId: string) {
    const response = await applyRunRescore(bff.request(`/api/evaluations/runs/${runId}/rescore`, { role: "editor", json: { checks: RESCORE_CHECKS } }), params({ id: runId }));
    expect(response.status, await response.clone().text()).toBe(202);
    const number = EvaluationScoringEnvelopeSchema.parse(await response.json()).data.number;
    await scoreToEnd();
    const scorings = EvaluationScoringListEnvelopeSchema.parse(await (await listRunScorings(bff.request(`/api/evaluations/runs/${runId}/scorings`, { role: "viewer" }), params({ id: runId }))).json()).data;
    return scorings.find((scoring) => scoring.number === number)!;
  }

  it("judge calls within the budget are sent and land on the owner's ledger as evaluation-judge entries, in a run and in a re-score", { timeout: 120_000 }, async () => {
    fitting = await startRun(planOf("gatehouse/scholar"));
    const before = answersSent();
    await runToEnd([fitting]);
    expect(await runOf(fitting)).toMatchObject({ status: "finished", stop_reason: null });
    const items = await itemsOf(fitting);
    expect(items.map((item) => item.status)).toEqual(["done", "done"]);
    for (const item of items) {
      const judged = (item.checks as Check[]).find((check) => check.kind === "judge")!;
      expect(judged).toMatchObject({ judge_model: "gatehouse/judge", score: expect.any(Number) });
      const entries = await entriesOfItem(fitting, item.position);
      expect(entries.map((entry) => [entry.feature, entry.state, entry.user_id])).toEqual([
        ["evaluation-item", "settled", editor],
        ["evaluation-judge", "settled", editor],
      ]);
    }
    // Two answers and two judge calls reached the gateway.
    expect(answersSent()).toBe(before + 4);

    const sent = answersSent();
    const scoring = await rescore(fitting);
    expect(scoring).toMatchObject({ status: "done", error: null, judge_calls: 2, done: 2 });
    expect(answersSent()).toBe(sent + 2);
    const entries = await entriesOfScoring(fitting, scoring.number);
    expect(entries.map((entry) => [entry.feature, entry.state, entry.user_id])).toEqual([
      ["evaluation-judge", "settled", editor],
      ["evaluation-judge", "settled", editor],
    ]);
    expect(entries.reduce((sum, entry) => sum + entry.settled_usd!, 0)).toBeCloseTo(scoring.cost_usd!, 12);
  });

  it("an answer within the day's limit whose judge call is not: the judge is never asked, the check says why, the run stops there", { timeout: 120_000 }, async () => {
    // A free model: an answer reserves the least a call does and costs nothing, so after the first answer the day
    // still has room for the second, never for a judge call. An admin lowers the person's day limit to what they
    // spent, one answer's reserve and less than a judge call.
    const plan = planOf("gatehouse/echo");
    const answerReserve = await answerReserveOf(plan);
    const runId = (stopped = await startRun(plan));
    const limit = (await budget()).day.spent_usd + answerReserve + LESS_THAN_A_JUDGE_CALL_USD;
    await setDayLimit(limit);
    const before = answersSent();
    await runToEnd([runId]);

    // Only the first answer reached the gateway: no judge call, and the run stopped there (before: the refused judge
    // call's stop was rolled back, the second answer was sent too and the run "finished").
    expect(answersSent()).toBe(before + 1);
    const run = await runOf(runId);
    expect(run).toMatchObject({ status: "stopped", stop_reason: "budget" });
    expect(notRunSummary(run)).toBe("Stopped at your spending budget: 1 of 2 items not run.");
    const [first, second] = await itemsOf(runId);
    expect(second.status).toBe("cancelled");
    expect(first.status).toBe("done");
    const judged = (first.checks as Check[]).find((check) => check.kind === "judge")!;
    // Not a verdict on the answer: no score (so a re-score asks the judge again), and why, with the figures.
    expect(judged.passed).toBe(false);
    expect(judged.score).toBeUndefined();
    expect(judged.reasoning).toMatch(/^The judge call failed: This judge call's reserve, \$[\d.]+, with the \$[\d.]+ spent today \(UTC\) is over your limit of \$[\d.]+ a day\./);

    // On the ledger: the answer, settled; no judge entry; the person's day within the limit.
    expect((await entriesOfItem(runId, 0)).map((entry) => [entry.feature, entry.state, entry.user_id])).toEqual([["evaluation-item", "settled", editor]]);
    expect(await entriesOfItem(runId, 1)).toEqual([]);
    expect((await budget()).day.spent_usd).toBeLessThanOrEqual(limit + 1e-9);
  });

  it("citation support whose judge calls the budget refuses is not judged, saying why: no 0 % precision, nothing cached for a re-score", { timeout: 120_000 }, async () => {
    await setDayLimit(null);
    // One question on a preset that searches the web and cites its sources; its one answer's reserve, from the estimate.
    const set = await createSet(bff.request("/api/evaluations/question-sets", { role: "editor", json: { name: "cited", rows: [{ question: QUESTIONS[0] }] } }), params({}));
    const json = { set_id: QuestionSetSavedEnvelopeSchema.parse(await set.json()).data.set_id, preset: "web-research", versions: [1], concurrency: 1, checks: ["citation-support"], cap_usd: 5 };
    const answerReserve = await answerReserveOf(json);
    const runId = await startRun(json);
    const limit = (await budget()).day.spent_usd + answerReserve + LESS_THAN_A_JUDGE_CALL_USD;
    await setDayLimit(limit);
    const before = answersSent();
    await runToEnd([runId]);

    expect(answersSent()).toBe(before + 1);
    expect(await runOf(runId)).toMatchObject({ status: "stopped", stop_reason: "budget" });
    const [item] = await itemsOf(runId);
    expect(item.status).toBe("done");
    expect((item.result as { citations: unknown[] }).citations.length).toBeGreaterThan(0);
    const [support] = item.checks as Check[];
    // Before: "0 of N citations are supported by their source." with a score of 0, which the verdict cache kept.
    expect(support).toMatchObject({ kind: "citation-support", passed: false });
    expect(support.score).toBeUndefined();
    expect(support.reasoning).toMatch(/^Not judged \(\d+ of \d+ citations\): The judge call failed: This judge call's reserve, .* over your limit of \$[\d.]+ a day\./);
    expect(await entriesOfItem(runId, 0)).toMatchObject([{ feature: "evaluation-item", state: "settled", user_id: editor }]);
    expect((await budget()).day.spent_usd).toBeLessThanOrEqual(limit + 1e-9);

    // With room again, a re-score of the same check asks the judge (the refused verdict was not cached).
    await setDayLimit(null);
    const estimate = EvaluationRescoreEstimateEnvelopeSchema.parse(
      await (await estimateRunRescore(bff.request(`/api/evaluations/runs/${runId}/rescore/estimate`, { role: "editor", json: { checks: ["citation-support"] } }), params({ id: runId }))).json(),
    ).data;
    expect(estimate).toMatchObject({ items: 1, reused: 0 });
    expect(estimate.judge_calls).toBeGreaterThan(0);
  });

  it("a re-score whose estimate fits the day's limit but whose judge call does not: nothing is sent, the scoring fails naming the limit", { timeout: 120_000 }, async () => {
    // The stopped run has one answer; the estimate for judging it (assumed tokens) is below its judge call's reserve.
    const runId = stopped;
    const estimated = await estimateRunRescore(bff.request(`/api/evaluations/runs/${runId}/rescore/estimate`, { role: "editor", json: { checks: RESCORE_CHECKS } }), params({ id: runId }));
    const estimate = EvaluationRescoreEstimateEnvelopeSchema.parse(await estimated.json()).data;
    expect(estimate).toMatchObject({ items: 1, judge_calls: 1 });
    const limit = (await budget()).day.spent_usd + estimate.judge_usd;
    await setDayLimit(limit);

    const before = answersSent();
    const scoring = await rescore(runId);
    expect(answersSent()).toBe(before);
    expect(scoring).toMatchObject({ status: "failed", judge_calls: 0, done: 0 });
    expect(scoring.error).toMatch(/^This judge call's reserve, \$[\d.]+, with the \$[\d.]+ spent today \(UTC\) is over your limit of \$[\d.]+ a day\./);
    expect(await entriesOfScoring(runId, scoring.number)).toEqual([]);
    expect((await budget()).day.spent_usd).toBeLessThanOrEqual(limit + 1e-9);
    await setDayLimit(null);
  });
});

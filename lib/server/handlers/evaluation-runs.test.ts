import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EvaluationEstimateEnvelopeSchema,
  EvaluationItemPageSchema,
  EvaluationRunDetailEnvelopeSchema,
  EvaluationRunEnvelopeSchema,
  EvaluationRunListResponseSchema,
  QuestionSetSavedEnvelopeSchema,
  type EvaluationRunDetail,
} from "@/lib/contract/bff/evaluations";
import type { Role } from "@/lib/contract/bff/schemas";
import { ErrorBodySchema } from "@/lib/contract/gateway";
import { parseCheck } from "@/lib/evaluations/check-spelling";
import { estimatePlan, readPricing, type Pricing } from "@/lib/evaluations/estimate";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import type { SendResponses } from "../evaluations/item-call";
import { EVAL_ESTIMATE_ASSUMPTIONS } from "../services/evaluation-runs";
import { appContext } from "../config/app-context";
import { sendEvaluationResponse } from "../services/evaluations";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { newTestRunner, runToEnd } from "../testing/evaluation-runner";
import { createSet } from "./evaluation-sets";
import { cancelEvaluationRun, createEvaluationRun, estimateEvaluationRun, getEvaluationRun, listEvaluationRunItems, listEvaluationRuns } from "./evaluation-runs";

/**
 * Issue 27, the runs' routes: real HTTP to an embedded gateway (answers at once: time scale 0) with its seeded
 * web-research preset, through the BFF's handlers, on both dialects; runs executed by a started EvaluationRunner.
 */

const DAILY_LIMIT_USD = 3;
const PER_RUN_LIMIT_USD = 5;
const QUESTIONS = ["How does keyset pagination work?", "What is SQLite write-ahead logging?", "How do rate limits use Retry-After?"];

describe.each(APP_DB_DIALECTS)("evaluation runs on %s", (dialect) => {
  let gateway: EmbeddedGateway;
  let bff: BffTestEnv;
  let setId: string;

  beforeAll(async () => {
    gateway = await startTestGateway({ answerTimeScale: 0 });
    bff = await setUpBff(
      { baseUrl: gateway.baseUrl, apiKey: gateway.apiKey },
      { MODEL_MAX_COST_PER_DAY_USD: String(DAILY_LIMIT_USD), EVAL_MAX_COST_PER_RUN_USD: String(PER_RUN_LIMIT_USD) },
      { database: dialect },
    );
    setId = await newSet(QUESTIONS);
  });
  afterAll(async () => {
    await bff.cleanup();
    await gateway.close();
  });

  async function newSet(questions: readonly string[]): Promise<string> {
    const response = await createSet(bff.request("/api/evaluations/question-sets", { role: "editor", json: { name: "runs", rows: questions.map((question) => ({ question })) } }), params({}));
    expect(response.status).toBe(201);
    return QuestionSetSavedEnvelopeSchema.parse(await response.json()).data.set_id;
  }

  const estimate = (json: unknown, role: Role = "editor") => estimateEvaluationRun(bff.request("/api/evaluations/runs/estimate", { role, json }), params({}));
  const start = (json: unknown, role: Role = "editor") => createEvaluationRun(bff.request("/api/evaluations/runs", { role, json }), params({}));
  const cancel = (id: string, role: Role = "editor") => cancelEvaluationRun(bff.request(`/api/evaluations/runs/${id}/cancel`, { role, method: "POST" }), params({ id }));
  const runsOfSet = async (id: string) =>
    EvaluationRunListResponseSchema.parse(await (await listEvaluationRuns(bff.request(`/api/evaluations/runs?set_id=${id}`, { role: "viewer" }), params({}))).json()).data;

  async function read(id: string): Promise<EvaluationRunDetail> {
    const response = await getEvaluationRun(bff.request(`/api/evaluations/runs/${id}`, { role: "viewer" }), params({ id }));
    expect(response.status).toBe(200);
    return EvaluationRunDetailEnvelopeSchema.parse(await response.json()).data;
  }

  async function started(json: unknown): Promise<string> {
    const response = await start(json);
    expect(response.status, await response.clone().text()).toBe(201);
    return EvaluationRunEnvelopeSchema.parse(await response.json()).data.id;
  }

  async function errorOf(response: Response, status: number) {
    expect(response.status).toBe(status);
    return ErrorBodySchema.parse(await response.json()).error;
  }

  async function catalogPrice(model: string): Promise<Pricing | null> {
    const models = (await (await fetch(`${gateway.baseUrl}/models`, { headers: { authorization: `Bearer ${gateway.apiKey}` } })).json()) as { data: { id: string; pricing: unknown }[] };
    return readPricing(models.data.find((entry) => entry.id === model)?.pricing);
  }

  it("estimates preset versions and models with the catalog's prices, as estimatePlan does", async () => {
    const checks = ["contains:index", "judge:Is the answer correct?", "citation-support"];
    const response = await estimate({ set_id: setId, preset: "web-research", versions: [1, "designated"], models: ["gatehouse/swift"], repeats: 2, checks, cap_usd: 2.5 });
    expect(response.status, await response.clone().text()).toBe(200);
    const got = EvaluationEstimateEnvelopeSchema.parse(await response.json()).data;
    expect(got.versions.map((version) => version.id)).toEqual(["@preset/web-research@1", "@preset/web-research@3", "gatehouse/swift"]);

    const scholar = await catalogPrice("gatehouse/scholar");
    const swift = await catalogPrice("gatehouse/swift");
    expect(scholar?.webSearchUsd).toBeGreaterThan(0);
    const expected = estimatePlan({
      targets: [
        { id: "@preset/web-research@1", pricing: scholar, webSearchesPerRequest: 1 },
        { id: "@preset/web-research@3", pricing: scholar, webSearchesPerRequest: 1 },
        { id: "gatehouse/swift", pricing: swift, webSearchesPerRequest: 0 },
      ],
      questions: QUESTIONS.length,
      repeats: 2,
      checks: checks.map((spelling) => {
        const parsed = parseCheck(spelling);
        if (!parsed.ok) throw new Error(parsed.message);
        return parsed.check;
      }),
      inputTokens: EVAL_ESTIMATE_ASSUMPTIONS.inputTokens,
      outputTokens: EVAL_ESTIMATE_ASSUMPTIONS.outputTokens,
      judge: {
        pricing: await catalogPrice("gatehouse/judge"),
        inputTokensPerCall: EVAL_ESTIMATE_ASSUMPTIONS.judgeInputTokensPerCall,
        outputTokensPerCall: EVAL_ESTIMATE_ASSUMPTIONS.judgeOutputTokensPerCall,
      },
      citationsPerAnswer: EVAL_ESTIMATE_ASSUMPTIONS.citationsPerAnswer,
      capUsd: 2.5,
    });
    const { refusals: _refusals, ...figures } = expected;
    expect(got).toMatchObject(figures);
    expect(got.items).toBe(18);
    expect(got.judge_calls).toBe(18 * 6);
    expect(got.total_usd).toBeGreaterThan(0);
    // What a claim reserves is the upper bound of the dearest item's real request, above the estimate's average item.
    expect(got.item_reserve_usd).toBeGreaterThan(Math.max(...expected.targets.map((target) => target.total_usd / target.items)));
    expect(got.refusals).toEqual([]);
  });

  it("names the unknown preset, version or check in a 400, and refuses a viewer", async () => {
    const base = { set_id: setId, cap_usd: 1 };
    expect((await errorOf(await estimate({ ...base, preset: "no-such-preset", versions: [1] }), 400)).metadata?.issues).toEqual([
      { path: "preset", message: 'the gateway has no preset "no-such-preset"' },
    ]);
    const version = await errorOf(await estimate({ ...base, preset: "web-research", versions: [1, 99] }), 400);
    expect(version.metadata?.issues).toEqual([{ path: "versions[1]", message: expect.stringContaining("no version 99") }]);
    expect(JSON.stringify((await errorOf(await estimate({ ...base, models: ["gatehouse/echo"], checks: ["nope:x"] }), 400)).metadata)).toContain("checks[0]");
    expect(JSON.stringify((await errorOf(await estimate({ ...base, models: ["a", "b", "c", "d", "e"] }), 400)).metadata)).toContain("models");
    expect((await errorOf(await estimate({ ...base, set_id: randomUUID(), models: ["gatehouse/echo"] }), 400)).metadata?.issues).toEqual([
      { path: "set_id", message: expect.stringContaining("no question set") },
    ]);
    expect((await start({ ...base, models: ["gatehouse/echo"] }, "viewer")).status).toBe(403);
  });

  it("refuses, naming the field, a judge the gateway does not list and a preset variable a row lacks; fills a row's vars and runs its own checks", async () => {
    const base = { set_id: setId, cap_usd: 1 };
    const judge = await errorOf(await estimate({ ...base, models: ["gatehouse/swift"], checks: ["judge:on topic"], judge_model: "acme/judge-9000" }), 400);
    expect(judge.metadata?.issues).toEqual([{ path: "judge_model", message: expect.stringContaining('lists no model "acme/judge-9000"') }]);
    // A preset whose instructions use {{persona}}: a set whose second row has no vars.persona is refused at creation.
    const saved = await fetch(`${gateway.baseUrl}/presets/persona-${dialect}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${gateway.managementKey}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gatehouse/echo", messages: [{ role: "system", content: "Answer as {{persona}}." }, { role: "user", content: "x" }] }),
    });
    expect(saved.status).toBe(200);
    const rows = [{ question: "Hello {{name}}", vars: { persona: "a pirate", name: "Ada" }, checks: ["contains:Ada"] }, { question: "Second" }];
    const created = await createSet(bff.request("/api/evaluations/question-sets", { role: "editor", json: { name: "vars", rows } }), params({}));
    expect(created.status).toBe(201);
    const varsSet = QuestionSetSavedEnvelopeSchema.parse(await created.json()).data.set_id;
    const missing = await errorOf(await start({ set_id: varsSet, cap_usd: 1, preset: `persona-${dialect}`, versions: [1] }), 400);
    expect(missing.metadata?.issues).toEqual([{ path: "rows[1].vars.persona", message: `persona-${dialect} v1 uses {{persona}} but question 2 of the set has no vars.persona` }]);
    // A model with no variables runs the set: the row's {{name}} is filled, its own check runs on top of the run's.
    const id = await started({ set_id: varsSet, cap_usd: 1, models: ["gatehouse/echo"], checks: ["min-length:1"] });
    await runToEnd([id]);
    const page = EvaluationItemPageSchema.parse(await (await listEvaluationRunItems(bff.request(`/api/evaluations/runs/${id}/items`, { role: "viewer" }), params({ id }))).json());
    const items = page.data as unknown as { question_index: number; result: { answer: string }; checks: { kind: string; origin: string; passed: boolean }[] }[];
    const first = items.find((item) => item.question_index === 0)!;
    expect(first.result.answer).toContain("Hello Ada");
    expect(first.checks.map((check) => [check.kind, check.origin, check.passed])).toEqual([
      ["min-length", "run", true],
      ["contains", "row", true],
    ]);
    expect(items.find((item) => item.question_index === 1)!.checks.map((check) => check.origin)).toEqual(["run"]);
  });

  it("bounds the request body (413) and answers any JSON in the contract's error shape, never a 5xx", async () => {
    const huge = await start({ set_id: setId, models: ["gatehouse/echo"], cap_usd: 1, judge_model: "x".repeat(300 * 1024) });
    expect((await errorOf(huge, 413)).metadata).toMatchObject({ limit_bytes: 256 * 1024 });
    const field = fc.oneof(fc.constant(setId), fc.constant("designated"), fc.constant("gatehouse/echo"), fc.constant("web-research"), fc.integer({ min: -2, max: 5 }), fc.double(), fc.string(), fc.constant(null));
    const body = fc.record(
      { set_id: field, set_version: field, preset: field, versions: fc.array(field, { maxLength: 5 }), models: fc.array(field, { maxLength: 5 }), repeats: field, checks: fc.array(fc.string(), { maxLength: 3 }), cap_usd: field },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(body, fc.jsonValue()), async (json) => {
        const response = await estimate(json);
        expect(response.status, JSON.stringify(json)).toBeLessThan(500);
        if (response.status !== 200) ErrorBodySchema.parse(await response.json());
      }),
      { numRuns: 60 },
    );
  });

  it("refuses with 402 a run whose estimate is over its cap, or whose cap is over the per-run limit, storing nothing", async () => {
    const overCap = await errorOf(await start({ set_id: setId, preset: "web-research", versions: [1], cap_usd: 0.0001 }), 402);
    expect(overCap.message).toContain("over this run's cap");
    expect(overCap.metadata?.issues).toEqual([{ path: "cap_usd", message: expect.any(String) }]);
    const overLimit = await errorOf(await start({ set_id: setId, models: ["gatehouse/echo"], cap_usd: PER_RUN_LIMIT_USD + 1 }), 402);
    expect(overLimit.metadata).toMatchObject({ setting: "EVAL_MAX_COST_PER_RUN_USD", limit_usd: PER_RUN_LIMIT_USD });
    expect(await runsOfSet(setId)).toEqual([]);
  });

  it("refuses a run whose cap what is left of today's budget cannot take: 429 with Retry-After to UTC midnight, 402 when no day would", async () => {
    // $2 of the editor's $3 day spent elsewhere (a playground answer, say): on the one ledger.
    const context = await appContext();
    const spent = await context.ledger.reserve({ userId: bff.userIds.editor, feature: "playground", model: "gatehouse/swift", subject: { kind: "test", id: "t" }, reserveUsd: 2 });
    const body = { set_id: setId, models: ["gatehouse/echo"], cap_usd: 1.5 };
    const preview = EvaluationEstimateEnvelopeSchema.parse(await (await estimate(body)).json()).data;
    expect(preview.refusals).toEqual([expect.objectContaining({ code: "over_daily_limit", limit_usd: DAILY_LIMIT_USD, estimated_cost_usd: 1.5 })]);
    const response = await start(body);
    const error = await errorOf(response, 429);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect(error.metadata).toMatchObject({ limit: "per_day", limit_usd: DAILY_LIMIT_USD });
    const never = await errorOf(await start({ ...body, cap_usd: DAILY_LIMIT_USD + 1 }), 402);
    expect(never.metadata).toMatchObject({ limit: "per_day" });
    expect(await runsOfSet(setId)).toEqual([]);

    // The answer cost nothing in the end: the same request now fits.
    await context.ledger.settle(spent.id, { costUsd: 0 });
    const fits = await started(body);
    expect((await cancel(fits)).status).toBe(200);
  });

  it("runs a created plan to the end with a started runner: progress reaches done, items paged", async () => {
    const id = await started({ set_id: setId, models: ["gatehouse/echo", "gatehouse/swift"], concurrency: 2, checks: ["min-length:1"], cap_usd: 0.5 });
    const created = await read(id);
    expect(created.status).toBe("running");
    expect(created.progress.totals).toMatchObject({ pending: 6, done: 0, total: 6 });
    expect(created.progress.eta_seconds).toBeNull();
    expect(created.plan).toMatchObject({ versions: [{ id: "gatehouse/echo" }, { id: "gatehouse/swift" }], concurrency: 2 });

    await runToEnd([id]);
    const done = await read(id);
    expect(done.status).toBe("finished");
    expect(done.progress.totals).toMatchObject({ done: 6, failed: 0, pending: 0, running: 0, total: 6 });
    expect(done.progress.versions.map((version) => [version.id, version.done])).toEqual([
      ["gatehouse/echo", 3],
      ["gatehouse/swift", 3],
    ]);
    expect(done.progress.versions[1].spent_usd).toBeGreaterThan(0);
    expect(done.progress.totals.spent_usd).toBeCloseTo(done.progress.versions[1].spent_usd, 12);
    expect(done.progress.recent_errors).toEqual([]);
    // The list carries each run's totals too (one grouped query), so the runs page shows progress without a read per run.
    const listed = (await runsOfSet(setId)).find((run) => run.id === id);
    expect(listed?.totals).toMatchObject({ done: 6, pending: 0, total: 6 });
    expect(listed?.totals.spent_usd).toBeCloseTo(done.progress.totals.spent_usd, 12);
    // And each version's passes, counted as the runner recorded its verdicts (min-length:1 passes every answer).
    expect(listed?.versions).toEqual([
      { id: "gatehouse/echo", label: "gatehouse/echo", ended: 3, passed: 3 },
      { id: "gatehouse/swift", label: "gatehouse/swift", ended: 3, passed: 3 },
    ]);

    const page = async (query: string) =>
      EvaluationItemPageSchema.parse(await (await listEvaluationRunItems(bff.request(`/api/evaluations/runs/${id}/items${query}`, { role: "viewer" }), params({ id }))).json());
    const first = await page("?offset=0&limit=4");
    expect(first.data.map((item) => item.position)).toEqual([0, 1, 2, 3]);
    expect(first.next_offset).toBe(4);
    const rest = await page("?offset=4&limit=4");
    expect(rest.data.map((item) => item.position)).toEqual([4, 5]);
    expect(rest.next_offset).toBeNull();
    expect((first.data[0].result as { answer: string }).answer.length).toBeGreaterThan(0);
    expect(first.data[0].checks).toEqual([expect.objectContaining({ kind: "min-length", passed: true })]);
    const tooMany = await listEvaluationRunItems(bff.request(`/api/evaluations/runs/${id}/items?limit=100000`, { role: "viewer" }), params({ id }));
    expect(tooMany.status).toBe(400);

    expect((await errorOf(await cancel(id), 409)).message).toContain("finished");
  });

  it("shows the latest few failures with their errors, bounded in number and length whatever the run's size", async () => {
    const questions = Array.from({ length: 8 }, (_, index) => `${QUESTIONS[index % 3]} (${index})`);
    const failing = await newSet(questions);
    const id = await started({ set_id: failing, models: ["gatehouse/echo"], concurrency: 1, cap_usd: 0.5 });
    // The gateway refuses every question but the last, the seventh with a very long message.
    const refusing: SendResponses = async (body, signal) => {
      const index = questions.indexOf(String(body.input));
      if (index === questions.length - 1) return sendEvaluationResponse(body, signal);
      const message = index === 6 ? `refused ${"at length ".repeat(200)}` : `refused question ${index}`;
      return new Response(JSON.stringify({ error: { message, code: 400 } }), { status: 400, headers: { "content-type": "application/json" } });
    };
    await runToEnd([id], await newTestRunner(refusing));
    const run = await read(id);
    expect(run.progress.totals).toMatchObject({ done: 1, failed: 7, total: 8 });
    const errors = run.progress.recent_errors;
    // The last five in run order, last first (items are claimed in order, so the latest to fail).
    expect(errors.map((error) => error.question_index)).toEqual([6, 5, 4, 3, 2]);
    expect(errors.every((error) => error.status === 400 && error.version_index === 0 && error.ended_at !== null)).toBe(true);
    expect(errors[1].message).toBe("refused question 5");
    expect(errors[0].message.length).toBeLessThanOrEqual(300);
    expect(errors[0].message).toMatch(/^refused at length .*…$/);
  });

  it("cancel stops a run: nothing more is started, its creator or an admin may cancel it", async () => {
    const bigSet = await newSet(Array.from({ length: 10 }, (_, index) => `${QUESTIONS[index % 3]} (${index})`));
    const id = await started({ set_id: bigSet, models: ["gatehouse/echo"], concurrency: 2, cap_usd: 0.5 });
    let sends = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Holds every gateway call until the run is cancelled, so the cancel lands while items are in flight.
    const held: SendResponses = async (body, signal) => {
      sends++;
      await Promise.race([gate, new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }))]);
      return sendEvaluationResponse(body, signal);
    };
    const runner = await newTestRunner(held);
    runner.start();
    try {
      for (let tries = 0; sends < 1; tries++) {
        if (tries > 400) throw new Error("the runner never called the gateway");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect((await cancel(id, "viewer")).status).toBe(403);
      const cancelled = await cancel(id);
      expect(cancelled.status).toBe(200);
      expect(EvaluationRunDetailEnvelopeSchema.parse(await cancelled.json()).data.status).toBe("cancelled");
      release();
      await runner.idle(id);
    } finally {
      release();
      await runner.stop();
    }
    const after = await read(id);
    expect(after.status).toBe("cancelled");
    expect(after.progress.totals.pending + after.progress.totals.running).toBe(0);
    expect(after.progress.totals.done + after.progress.totals.failed).toBeLessThanOrEqual(2);
    expect(after.progress.totals.cancelled).toBeGreaterThanOrEqual(8);
    expect(sends).toBeLessThanOrEqual(2);
    expect((await errorOf(await cancel(id, "admin"), 409)).metadata).toEqual({ status: "cancelled" });
    expect((await cancel(randomUUID())).status).toBe(404);

    // Another editor's run (the admin's here) is not an editor's to cancel.
    const admins = await start({ set_id: bigSet, models: ["gatehouse/echo"], cap_usd: 0.5 }, "admin");
    expect(admins.status).toBe(201);
    const adminsId = EvaluationRunEnvelopeSchema.parse(await admins.json()).data.id;
    expect((await errorOf(await cancel(adminsId), 403)).message).toContain("Only the person who started this run");
    expect((await cancel(adminsId, "admin")).status).toBe(200);
  });
});

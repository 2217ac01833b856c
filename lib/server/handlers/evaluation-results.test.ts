import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EvaluationCompareEnvelopeSchema,
  EvaluationDesignateResultEnvelopeSchema,
  EvaluationDomainsEnvelopeSchema,
  EvaluationQuestionDetailEnvelopeSchema,
  EvaluationQuestionPageSchema,
  EvaluationRescoreEstimateEnvelopeSchema,
  EvaluationResultsSummaryEnvelopeSchema,
  EvaluationScoringCompareEnvelopeSchema,
  EvaluationScoringEnvelopeSchema,
  EvaluationScoringListEnvelopeSchema,
  type EvaluationResultsSummary,
} from "@/lib/contract/bff/evaluation-results";
import { EvaluationItemPageSchema, EvaluationRunEnvelopeSchema, QuestionSetSavedEnvelopeSchema } from "@/lib/contract/bff/evaluations";
import type { Role } from "@/lib/contract/bff/schemas";
import { ErrorBodySchema } from "@/lib/contract/gateway";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import { appContext } from "../config/app-context";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { newTestScoringJobs, runToEnd, scoreToEnd } from "../testing/evaluation-runner";
import { admitEvaluationItem } from "../services/evaluations";
import { createSet } from "./evaluation-sets";
import {
  applyRunRescore,
  compareRunResults,
  compareRunScorings,
  designateRunWinner,
  estimateRunRescore,
  exportRunResults,
  getResultDomains,
  getResultQuestion,
  getResultsSummary,
  listResultQuestions,
  listRunScorings,
} from "./evaluation-results";
import { createEvaluationRun, listEvaluationRunItems } from "./evaluation-runs";

/**
 * Issue 28, the results routes: real HTTP to an embedded gateway through a counting proxy (so a test can see every
 * gateway call the BFF makes, and take the gateway down), real SQLite and PostgreSQL, runs executed by a runner.
 */

/** Forwards every request to the gateway and records it; `down` refuses every connection as a stopped gateway would. */
async function startProxy(target: string) {
  const calls: { method: string; path: string; model: string | null }[] = [];
  const state = { down: false };
  const server = http.createServer(async (req, res) => {
    if (state.down) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    let model: string | null = null;
    try {
      model = (JSON.parse(body.toString("utf8")) as { model?: string }).model ?? null;
    } catch {
      model = null;
    }
    calls.push({ method: req.method ?? "GET", path: req.url ?? "", model });
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string" && name !== "host" && name !== "content-length") headers.set(name, value);
    const upstream = await fetch(`${target}${req.url}`, { method: req.method, headers, body: body.length > 0 ? body : undefined });
    const out: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (name !== "content-encoding" && name !== "content-length" && name !== "transfer-encoding") out[name] = value;
    });
    res.writeHead(upstream.status, out);
    if (upstream.body) Readable.fromWeb(upstream.body as import("node:stream/web").ReadableStream).pipe(res);
    else res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    calls,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const QUESTIONS = [
  { question: "How does keyset pagination work?", tags: ["db"] },
  { question: "What is SQLite write-ahead logging?", tags: ["db"], time_sensitive: true },
  // No allowed_domains: a row's allowed domains would add a check of that row (row-checks.ts), which these figures leave out.
  { question: "How do rate limits use Retry-After?", tags: ["http"] },
];

describe.each(APP_DB_DIALECTS)("evaluation results on %s", (dialect) => {
  let gateway: EmbeddedGateway;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let bff: BffTestEnv;
  let setId: string;
  let runId: string;

  const finishRuns = (ids: readonly string[]) => runToEnd(ids);

  async function started(json: unknown): Promise<string> {
    const response = await createEvaluationRun(bff.request("/api/evaluations/runs", { role: "editor", json }), params({}));
    expect(response.status, await response.clone().text()).toBe(201);
    return EvaluationRunEnvelopeSchema.parse(await response.json()).data.id;
  }

  beforeAll(async () => {
    gateway = await startTestGateway({ answerTimeScale: 0 });
    const target = new URL(gateway.baseUrl);
    proxy = await startProxy(target.origin);
    bff = await setUpBff({ baseUrl: `${proxy.origin}${target.pathname}`, apiKey: gateway.apiKey, managementKey: gateway.managementKey }, { MODEL_MAX_COST_PER_DAY_USD: "50" }, { database: dialect });
    const created = await createSet(bff.request("/api/evaluations/question-sets", { role: "editor", json: { name: "results", rows: QUESTIONS } }), params({}));
    expect(created.status).toBe(201);
    setId = QuestionSetSavedEnvelopeSchema.parse(await created.json()).data.set_id;
    runId = await started({ set_id: setId, preset: "web-research", versions: [1, 2], repeats: 2, checks: ["min-length:1", "cites-domain:example.com"], cap_usd: 5 });
    await finishRuns([runId]);
  }, 120_000);
  afterAll(async () => {
    await bff.cleanup();
    await proxy.close();
    await gateway.close();
  });

  async function summaryOf(id: string, scoring = 1): Promise<EvaluationResultsSummary> {
    const response = await getResultsSummary(bff.request(`/api/evaluations/runs/${id}/results${scoring > 1 ? `?scoring=${scoring}` : ""}`, { role: "viewer" }), params({ id }));
    expect(response.status, await response.clone().text()).toBe(200);
    return EvaluationResultsSummaryEnvelopeSchema.parse(await response.json()).data;
  }

  async function estimateOf(body: unknown) {
    const response = await estimateRunRescore(bff.request(`/api/evaluations/runs/${runId}/rescore/estimate`, { role: "editor", json: body }), params({ id: runId }));
    expect(response.status, await response.clone().text()).toBe(200);
    return EvaluationRescoreEstimateEnvelopeSchema.parse(await response.json()).data;
  }

  async function scoringsOf() {
    const response = await listRunScorings(bff.request(`/api/evaluations/runs/${runId}/scorings`, { role: "viewer" }), params({ id: runId }));
    expect(response.status, await response.clone().text()).toBe(200);
    return EvaluationScoringListEnvelopeSchema.parse(await response.json()).data;
  }

  async function errorOf(response: Response, status: number) {
    expect(response.status, await response.clone().text()).toBe(status);
    return ErrorBodySchema.parse(await response.json()).error;
  }

  it("summarises each version from the stored items, with a noise floor over the repeats", async () => {
    const summary = await summaryOf(runId);
    expect(summary).toMatchObject({ run_id: runId, status: "finished", repeats: 2, questions: 3, checks: ["min-length:1", "cites-domain:example.com"] });
    expect(summary.versions.map((v) => [v.id, v.preset])).toEqual([
      ["@preset/web-research@1", { slug: "web-research", version: 1 }],
      ["@preset/web-research@2", { slug: "web-research", version: 2 }],
    ]);
    for (const version of summary.versions) {
      expect(version.aggregate.items).toBe(6);
      expect(version.aggregate.checks.map((c) => [c.kind, c.evaluated])).toEqual([
        ["min-length", 6 - version.aggregate.errors],
        ["cites-domain", 6 - version.aggregate.errors],
      ]);
      expect(version.aggregate.cost_usd).toBeGreaterThan(0);
    }
    // Spending per version agrees with the run's own items.
    const items = EvaluationItemPageSchema.parse(await (await listEvaluationRunItems(bff.request(`/api/evaluations/runs/${runId}/items?limit=200`, { role: "viewer" }), params({ id: runId }))).json()).data;
    const spent = items.filter((item) => item.version_index === 0).reduce((sum, item) => sum + (item.cost_usd ?? 0), 0);
    expect(summary.versions[0].aggregate.cost_usd).toBeCloseTo(spent, 9);
    expect(summary.noise_floor.within.map((w) => w.agreement?.pairs)).toEqual([3, 3]);
    expect(summary.noise_floor.between).toEqual([{ a: 0, b: 1, agreement: expect.objectContaining({ pairs: 6 }) }]);
  });

  it("pages the question table with server-side filters and sorting, and names a bad parameter", async () => {
    const page = async (query: string) => {
      const response = await listResultQuestions(bff.request(`/api/evaluations/runs/${runId}/results/questions${query}`, { role: "viewer" }), params({ id: runId }));
      expect(response.status, await response.clone().text()).toBe(200);
      return EvaluationQuestionPageSchema.parse(await response.json());
    };
    const all = await page("");
    expect(all.total).toBe(3);
    expect(all.tags).toEqual([
      { tag: "db", count: 2 },
      { tag: "http", count: 1 },
    ]);
    expect(all.data[0].versions).toHaveLength(2);
    expect((await page("?tag=db")).data.map((r) => r.question_index)).toEqual([0, 1]);
    const first = await page("?limit=2&sort=index&dir=desc");
    expect(first.data.map((r) => r.question_index)).toEqual([2, 1]);
    expect(first.next_offset).toBe(2);
    expect((await page("?offset=2&limit=2&sort=index&dir=desc")).data.map((r) => r.question_index)).toEqual([0]);
    const byCost = (await page("?sort=cost&sort_version=1&dir=desc")).data.map((r) => r.versions[1].cost_usd ?? -1);
    expect(byCost).toEqual([...byCost].sort((a, b) => b - a));
    const failedAny = await page("?flags=failed_any");
    expect(failedAny.total).toBe(all.flag_counts.failed_any);
    expect(failedAny.data.every((r) => r.flags.failed_any)).toBe(true);

    const bad = async (query: string) =>
      errorOf(await listResultQuestions(bff.request(`/api/evaluations/runs/${runId}/results/questions${query}`, { role: "viewer" }), params({ id: runId })), 400);
    expect(JSON.stringify((await bad("?flags=nope")).metadata)).toContain("flags");
    expect(JSON.stringify((await bad("?sort_version=3")).metadata)).toContain("sort_version");
    expect(JSON.stringify((await bad("?limit=100000")).metadata)).toContain("limit");
    expect((await listResultQuestions(bff.request(`/api/evaluations/runs/${runId}/results/questions`, { role: null }), params({ id: runId }))).status).toBe(401);
    expect((await listResultQuestions(bff.request(`/api/evaluations/runs/${randomUUID()}/results/questions`, { role: "viewer" }), params({ id: randomUUID() }))).status).toBe(404);
  });

  it("details a question: every version's answers with citation spans, checks, the citation diff and prev/next", async () => {
    const detailOf = async (index: number, query = "") => {
      const response = await getResultQuestion(bff.request(`/api/evaluations/runs/${runId}/results/questions/${index}${query}`, { role: "viewer" }), params({ id: runId, index: String(index) }));
      expect(response.status, await response.clone().text()).toBe(200);
      return EvaluationQuestionDetailEnvelopeSchema.parse(await response.json()).data;
    };
    const detail = await detailOf(1);
    expect(detail).toMatchObject({ question: QUESTIONS[1].question, time_sensitive: true, prev: 0, next: 2, position: 1, total: 3 });
    expect(detail.versions.map((v) => v.repeats.length)).toEqual([2, 2]);
    const repeat = detail.versions[0].repeats[0];
    expect(repeat.answer?.length).toBeGreaterThan(0);
    expect(repeat.checks.map((c) => c.kind)).toEqual(["min-length", "cites-domain"]);
    for (const citation of repeat.citations) expect(repeat.answer).toContain(citation.span);
    expect(detail.diff).toMatchObject({ base: 0, against: 1, repeat: 0 });
    expect(detail.diff!.jaccard).toBeGreaterThanOrEqual(0);
    expect((await detailOf(2, "?sort=index&dir=desc")).prev).toBeNull();
    expect((await detailOf(0, "?base=1&against=0&repeat=1")).diff).toMatchObject({ base: 1, against: 0, repeat: 1 });
    expect((await getResultQuestion(bff.request(`/api/evaluations/runs/${runId}/results/questions/3`, { role: "viewer" }), params({ id: runId, index: "3" }))).status).toBe(404);
    expect((await getResultQuestion(bff.request(`/api/evaluations/runs/${runId}/results/questions/x`, { role: "viewer" }), params({ id: runId, index: "x" }))).status).toBe(400);
  });

  it("lists cited domains per version with freshness, and exports CSV, JSON and a Markdown report as attachments", async () => {
    const domains = EvaluationDomainsEnvelopeSchema.parse(await (await getResultDomains(bff.request(`/api/evaluations/runs/${runId}/results/domains?max_age_days=10`, { role: "viewer" }), params({ id: runId }))).json()).data;
    expect(domains.versions).toHaveLength(2);
    expect(domains.versions[0].new_vs_first).toBeNull();
    expect(domains.versions[1].new_vs_first).not.toBeNull();
    expect(domains.versions[0].freshness.max_age_days).toBe(10);
    expect(domains.versions[0].distinct_domains).toBe(domains.versions[0].domains.length);

    const exported = async (format: string) => {
      const response = await exportRunResults(bff.request(`/api/evaluations/runs/${runId}/results/export?format=${format}`, { role: "viewer" }), params({ id: runId }));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="evaluation-${runId}.${format}"`);
      return response.text();
    };
    const csv = await exported("csv");
    expect(csv.split("\r\n")[0]).toBe("question_index,question,tags,version_index,version,repeat_index,status,verdict,failed_checks,cost_usd,cost_tokens_usd,cost_web_search_usd,cost_judge_usd,cost_unknown_usd,latency_ms,citation_count,cited_urls,error,answer,check:min-length:1,check:cites-domain:example.com");
    expect(JSON.parse(await exported("json")).items).toHaveLength(12);
    const report = await exported("md");
    expect(report).toContain(`Run ${runId} · question set “`);
    expect(report).toContain("## Noise floor");
    // Labels are text written inert (every punctuation mark escaped: issue 36, finding 11).
    expect(report).toContain("web\\-research v1 with itself");
  });

  it("serves every result read while the gateway is down, and none of them called it", async () => {
    proxy.state.down = true;
    const before = proxy.calls.length;
    try {
      const reads: [string, Response][] = [
        ["summary", await getResultsSummary(bff.request(`/api/evaluations/runs/${runId}/results`, { role: "viewer" }), params({ id: runId }))],
        ["questions", await listResultQuestions(bff.request(`/api/evaluations/runs/${runId}/results/questions?flags=error`, { role: "viewer" }), params({ id: runId }))],
        ["detail", await getResultQuestion(bff.request(`/api/evaluations/runs/${runId}/results/questions/0`, { role: "viewer" }), params({ id: runId, index: "0" }))],
        ["domains", await getResultDomains(bff.request(`/api/evaluations/runs/${runId}/results/domains`, { role: "viewer" }), params({ id: runId }))],
        ["export", await exportRunResults(bff.request(`/api/evaluations/runs/${runId}/results/export?format=json`, { role: "viewer" }), params({ id: runId }))],
      ];
      for (const [name, response] of reads) expect(response.status, name).toBe(200);
      expect(proxy.calls.length).toBe(before);
      // The gateway is really unreachable: what needs it (the judge's price) fails.
      const needsGateway = await estimateRunRescore(bff.request(`/api/evaluations/runs/${runId}/rescore/estimate`, { role: "editor", json: { checks: ["judge:ok?"] } }), params({ id: runId }));
      expect(needsGateway.status).toBeGreaterThanOrEqual(500);
    } finally {
      proxy.state.down = false;
    }
  });

  it("re-scores as a job: 202 at once, judge calls only, kept beside the run's own scoring and on the ledger", async () => {
    // expected-terms fails every answer here (the rows have no expected answer), so the scorings compare with flips.
    const body = { checks: ["judge:Does the answer explain the mechanism?", "min-length:5", "expected-terms:0.5"], judge_threshold: 0.95 };
    expect((await estimateRunRescore(bff.request(`/api/evaluations/runs/${runId}/rescore/estimate`, { role: "viewer", json: body }), params({ id: runId }))).status).toBe(403);
    expect((await errorOf(await estimateRunRescore(bff.request(`/api/evaluations/runs/${runId}/rescore/estimate`, { role: "editor", json: { checks: ["nope:x"] } }), params({ id: runId })), 400)).message).toContain("checks[0]");

    const before = await summaryOf(runId);
    const answered = before.versions.reduce((sum, v) => sum + v.aggregate.items - v.aggregate.errors, 0);
    const estimate = await estimateOf(body);
    expect(estimate).toMatchObject({ items: answered, judge_calls: answered, to_run: 3 * answered, reused: 0, judge_model: "gatehouse/judge", refusals: [] });
    expect(estimate.judge_usd).toBeGreaterThan(0);

    const mark = proxy.calls.length;
    const response = await applyRunRescore(bff.request(`/api/evaluations/runs/${runId}/rescore`, { role: "editor", json: body }), params({ id: runId }));
    expect(response.status, await response.clone().text()).toBe(202);
    const started = EvaluationScoringEnvelopeSchema.parse(await response.json()).data;
    expect(started).toMatchObject({ number: 2, status: "running", total: answered, done: 0 });
    // The request made no model call: the job does, on the server.
    expect(proxy.calls.slice(mark).filter((call) => call.method === "POST")).toHaveLength(0);
    await scoreToEnd();
    const modelCalls = proxy.calls.slice(mark).filter((call) => call.method === "POST");
    // The only model asked is the judge, once per stored answer; the answers were not asked for again.
    expect(modelCalls.length).toBe(answered);
    expect(new Set(modelCalls.map((call) => `${call.path.replace(/^.*\//, "")} ${call.model}`))).toEqual(new Set(["responses gatehouse/judge"]));

    const scorings = await scoringsOf();
    expect(scorings.map((scoring) => [scoring.number, scoring.status])).toEqual([
      [1, "done"],
      [2, "done"],
    ]);
    expect(scorings[1]).toMatchObject({ done: answered, judge_calls: answered, reused: 0, checks: body.checks, judge_model: "gatehouse/judge", user_name: expect.any(String) });
    expect(scorings[1].versions).toHaveLength(2);
    // Scoring 1 is untouched; scoring 2 reads the same answers under the new checks.
    expect((await summaryOf(runId)).checks).toEqual(before.checks);
    const rescored = await summaryOf(runId, 2);
    expect(rescored.checks).toEqual(body.checks);
    expect(rescored.scoring).toBe(2);
    expect(rescored.versions[0].aggregate.checks.map((c) => c.kind)).toEqual(["judge", "min-length", "expected-terms"]);
    const after = await getResultQuestion(bff.request(`/api/evaluations/runs/${runId}/results/questions/0?scoring=2`, { role: "viewer" }), params({ id: runId, index: "0" }));
    const detail = EvaluationQuestionDetailEnvelopeSchema.parse(await after.json()).data;
    expect(detail.versions[0].repeats[0].checks[0]).toMatchObject({ kind: "judge", origin: "run", reasoning: expect.stringMatching(/^Demo judge/), details: { threshold: 0.95 } });

    // On the editor's ledger: each judge call reserved and settled, what they cost the scoring's figure.
    const context = await appContext();
    const row = await context.db.kysely.selectFrom("eval_scorings").selectAll().where("run_id", "=", runId).where("number", "=", 2).executeTakeFirstOrThrow();
    const entries = (await context.db.kysely.selectFrom("ledger_entries").selectAll().where("subject_kind", "=", "evaluation-scoring").where("subject_id", "like", `${row.id}:%`).execute());
    expect(entries).toHaveLength(answered);
    expect(entries.every((entry) => entry.state === "settled" && entry.feature === "evaluation-judge")).toBe(true);
    expect(entries.reduce((sum, entry) => sum + Number(entry.settled_usd ?? 0), 0)).toBeCloseTo(Number(row.cost_usd), 12);
    expect(Number(row.cost_usd)).toBeGreaterThan(0);

    // Two scorings side by side: the checks each alone has, and the questions whose verdict flipped.
    const compared = EvaluationScoringCompareEnvelopeSchema.parse(await (await compareRunScorings(bff.request(`/api/evaluations/runs/${runId}/scorings/compare?a=1&b=2`, { role: "viewer" }), params({ id: runId }))).json()).data;
    expect(compared.checks_only_a).toEqual(before.checks);
    expect(compared.checks_only_b).toEqual(body.checks);
    expect(compared.flipped_total).toBe(compared.flipped.length);
    expect(compared.flipped.every((flip) => flip.from !== flip.to)).toBe(true);
  });

  it("computes only what the verdict cache lacks: the same checks run nothing, one text check added runs alone at $0, another judge runs the judge checks again", async () => {
    const body = { checks: ["judge:Does the answer explain the mechanism?", "min-length:5", "expected-terms:0.5"], judge_threshold: 0.95 };
    const answered = (await scoringsOf())[1].total;
    expect(await estimateOf(body)).toMatchObject({ items: 0, to_run: 0, judge_calls: 0, judge_usd: 0, reused: 3 * answered });

    const plusOne = { ...body, checks: [...body.checks, "contains-i:cache"] };
    expect(await estimateOf(plusOne)).toMatchObject({ items: answered, to_run: answered, judge_calls: 0, judge_usd: 0, reused: 3 * answered });
    const mark = proxy.calls.length;
    const response = await applyRunRescore(bff.request(`/api/evaluations/runs/${runId}/rescore`, { role: "editor", json: plusOne }), params({ id: runId }));
    expect(response.status, await response.clone().text()).toBe(202);
    await scoreToEnd();
    // No judge call, nothing on the ledger: the only new verdicts are the text check's.
    expect(proxy.calls.slice(mark).filter((call) => call.method === "POST")).toHaveLength(0);
    const third = (await scoringsOf())[2];
    expect(third).toMatchObject({ number: 3, status: "done", judge_calls: 0, cost_usd: 0, reused: 3 * answered, checks: plusOne.checks });
    const summary = await summaryOf(runId, 3);
    expect(summary.versions[0].aggregate.checks.map((c) => c.kind)).toEqual(["judge", "min-length", "expected-terms", "contains-i"]);

    // Another judge model: the judge checks would run again; the text checks stay cached.
    const otherJudge = await estimateOf({ ...plusOne, judge_model: "gatehouse/echo" });
    expect(otherJudge).toMatchObject({ items: answered, judge_calls: answered, to_run: answered, reused: 3 * answered });
    // So would another pass threshold (a graded verdict depends on it).
    const lower = { ...plusOne, judge_threshold: 0.5 };
    expect(await estimateOf(lower)).toMatchObject({ judge_calls: answered, reused: 3 * answered });

    // Applied: the judge calls take points of the scorer's responses rate limit, one per judge check an answer needs.
    const admitted: number[] = [];
    const context = await appContext();
    const start = proxy.calls.length;
    expect((await applyRunRescore(bff.request(`/api/evaluations/runs/${runId}/rescore`, { role: "editor", json: lower }), params({ id: runId }))).status).toBe(202);
    await scoreToEnd(
      await newTestScoringJobs(undefined, {
        admit: async (userId, points) => {
          admitted.push(points);
          return admitEvaluationItem(context.db, userId, points);
        },
      }),
    );
    expect(proxy.calls.slice(start).filter((call) => call.method === "POST")).toHaveLength(answered);
    expect(admitted.reduce((sum, points) => sum + points, 0)).toBe(answered);
  });

  it("refuses to re-score a run that is still running (409)", async () => {
    const running = await started({ set_id: setId, models: ["gatehouse/echo"], cap_usd: 1 });
    const error = await errorOf(await applyRunRescore(bff.request(`/api/evaluations/runs/${running}/rescore`, { role: "editor", json: { checks: ["min-length:1"] } }), params({ id: running })), 409);
    expect(error.message).toContain("still running");
    await finishRuns([running]);
  });

  it("designates the winner through the preset save path: a stale expected version is 409, then saved with an audit note", async () => {
    const designate = (json: unknown, role: Role = "editor") => designateRunWinner(bff.request(`/api/evaluations/runs/${runId}/designate`, { role, json }), params({ id: runId }));
    const preset = async () => ((await (await fetch(`${gateway.baseUrl}/presets/web-research`, { headers: { authorization: `Bearer ${gateway.apiKey}` } })).json()) as { data: { designated_version: { version: number; config: Record<string, unknown>; system_prompt: string | null } } }).data;
    const current = (await preset()).designated_version.version;
    expect((await designate({ version: 1, expected_version: current }, "viewer")).status).toBe(403);
    expect((await errorOf(await designate({ version: 99, expected_version: current }), 400)).metadata?.issues).toEqual([{ path: "version", message: expect.stringContaining("did not try version 99") }]);
    const stale = await errorOf(await designate({ version: 1, expected_version: current - 1 }), 409);
    expect(stale.metadata).toMatchObject({ current_version: current });
    expect((await preset()).designated_version.version).toBe(current);

    const response = await designate({ version: 1, expected_version: current });
    expect(response.status, await response.clone().text()).toBe(200);
    const saved = EvaluationDesignateResultEnvelopeSchema.parse(await response.json()).data;
    expect(saved).toMatchObject({ slug: "web-research", from_version: 1, saved_version: current + 1, results_url: `/evaluations/runs/${runId}/results` });
    expect(saved.note).toContain(`/evaluations/runs/${runId}/results`);
    const now = await preset();
    expect(now.designated_version.version).toBe(current + 1);
    const v1 = ((await (await fetch(`${gateway.baseUrl}/presets/web-research/versions/1`, { headers: { authorization: `Bearer ${gateway.apiKey}` } })).json()) as { data: { config: unknown; system_prompt: unknown } }).data;
    expect(now.designated_version.config).toEqual(v1.config);
    expect(now.designated_version.system_prompt).toEqual(v1.system_prompt);
    const audit = await (await appContext()).audit.listForPreset("web-research");
    expect(audit[0]).toMatchObject({ version: current + 1, user_email: expect.stringContaining("editor"), note: saved.note });
    // The page's expected version is now stale.
    expect((await designate({ version: 2, expected_version: current })).status).toBe(409);
  });

  it("compares runs of one set in time order on the checks both have, naming the ones left out and what else differs", async () => {
    // The first run keeps its own checks (min-length:1, cites-domain:example.com, 2 repeats: re-scores are scorings beside
    // them). This one keeps min-length:1 and adds a check every answer fails: compared on everything, each question would flip.
    const second = await started({ set_id: setId, preset: "web-research", versions: [1], checks: ["min-length:1", "contains:never-in-an-answer"], cap_usd: 2 });
    await finishRuns([second]);
    const response = await compareRunResults(bff.request(`/api/evaluations/runs/compare?runs=${second},${runId}`, { role: "viewer" }), params({}));
    expect(response.status, await response.clone().text()).toBe(200);
    const got = EvaluationCompareEnvelopeSchema.parse(await response.json()).data;
    expect(got.runs.map((run) => run.run_id)).toEqual([runId, second]);
    expect(got.shared_checks).toEqual(["min-length:1"]);
    expect(got.left_out).toEqual([
      { run_id: runId, checks: ["cites-domain:example.com"] },
      { run_id: second, checks: ["contains:never-in-an-answer"] },
    ]);
    expect(got.differences).toEqual([expect.stringMatching(/^Repeats: 2 in .*, 1 in /)]);
    expect(got.runs[1].name).toBe("web-research v1 · results");
    // On min-length:1 alone the newer run passes every question.
    expect(got.runs[1].versions.map((v) => v.aggregate.pass_rate)).toEqual([1]);
    const rows = EvaluationQuestionPageSchema.parse(await (await listResultQuestions(bff.request(`/api/evaluations/runs/${runId}/results/questions`, { role: "viewer" }), params({ id: runId }))).json()).data;
    const shortInOld = rows.filter((row) => row.versions[0].checks.some((check) => check.kind === "min-length" && check.passed < check.evaluated)).map((row) => row.question_index);
    expect(got.flips.map((flip) => flip.question_index)).toEqual(shortInOld);
    expect(got.flips.every((flip) => flip.version_label === "web-research v1")).toBe(true);
    const bad = await compareRunResults(bff.request(`/api/evaluations/runs/compare?runs=${runId}`, { role: "viewer" }), params({}));
    expect(JSON.stringify((await errorOf(bad, 400)).metadata)).toContain("runs");

    // `id:n` compares a run under its re-score n (made by the test above): that scoring's checks, not the run's own.
    const compare = (runs: string) => compareRunResults(bff.request(`/api/evaluations/runs/compare?runs=${runs}`, { role: "viewer" }), params({}));
    const rescored = EvaluationCompareEnvelopeSchema.parse(await (await compare(`${second},${runId}:2`)).json()).data;
    expect(rescored.runs.map((run) => [run.run_id, run.scoring])).toEqual([
      [runId, 2],
      [second, 1],
    ]);
    expect(rescored.left_out.find((entry) => entry.run_id === runId)?.checks).toEqual(["expected-terms:0.5", "judge:Does the answer explain the mechanism?", "min-length:5"]);
    expect((await errorOf(await compare(`${second},${runId}:9`), 404)).message).toContain("scoring 9");
    expect(JSON.stringify((await errorOf(await compare(`${runId},${runId}:2`), 400)).metadata)).toContain("each run once");
    expect(JSON.stringify((await errorOf(await compare(`${second},${runId}:0`), 400)).metadata)).toContain("runs[1].scoring must be at least 1");
  });
});

import "server-only";
import { randomUUID } from "node:crypto";
import type { EvaluationVersion } from "@/lib/contract/bff/evaluation-plan";
import { RECENT_ERRORS_MAX, type EvaluationRecentError } from "@/lib/contract/bff/evaluation-run-progress";
import { EvaluationRunRequestSchema, type EvaluationEstimate, type EvaluationItem, type EvaluationRun, type EvaluationRunDetail, type EvaluationRunListResponse, type EvaluationRunRequest, type EvaluationRunSummary } from "@/lib/contract/bff/evaluations";
import { EVAL_RUN_PAGE } from "@/lib/contract/bff/evaluation-run-progress";
import { EvaluationPlanSchema } from "@/lib/contract/bff/evaluation-plan";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { formatCheck, parseCheck } from "@/lib/evaluations/check-spelling";
import { checkListProblem, CheckSpecSchema, usesJudge, type CheckSpec } from "@/lib/evaluations/checks";
import type { CostSplit } from "@/lib/evaluations/cost-split";
import { estimatePlan, readPricing, type Pricing } from "@/lib/evaluations/estimate";
import type { QuestionRow } from "@/lib/evaluations/questions";
import { checksForRow } from "@/lib/evaluations/row-checks";
import { unresolvedMessage, unresolvedVariable } from "@/lib/evaluations/template";
import { defaultRunName, runNameOf } from "@/lib/evaluations/results/run-name";
import { mayWriteRun } from "@/lib/evaluations/runs/access";
import { presetToResponsesRequest } from "@/lib/presets/to-responses-request";
import { formatUsd } from "@/lib/video-models/money";
import { presetOfVersionId } from "@/lib/evaluations/results/summary";
import { appContext, type AppContext } from "../config/app-context";
import { serverEnv } from "../config/env";
import type { EvaluationRunRow } from "../db/evaluation-runs-store";
import { itemCostsOf, sumItemCosts, type ItemCost } from "../evaluations/item-costs";
import { chooseJudgeModel } from "../evaluations/judge-model";
import { HttpError } from "../http/errors";
import { estimateRange } from "../evaluations/estimate-range";
import { itemCharge } from "../evaluations/run-work";
import { checkModelBudget } from "../spending/model-spending";
import { readModelCatalog } from "./catalog";
import { loadRun } from "./evaluation-results";
import type { GatewayCharge } from "./gateway-charge";
import { isValidSlug, readPreset, readPresetVersions } from "./presets";

/**
 * Evaluation runs for the routes: a request resolved into a plan (preset versions into their request settings,
 * model prices from the catalog), its estimate (lib/evaluations' estimatePlan), the spending guard, and the stored run
 * the instances' runners execute (services/evaluations.ts). Gateway calls go through presets.ts and catalog.ts.
 */

/**
 * What the estimate assumes where the plan cannot know: a question in and a cited paragraph out, five citations an
 * answer (the support check judges each), a judge call of a rubric and an answer (or a claim and its source) in and
 * a short verdict out.
 */
export const EVAL_ESTIMATE_ASSUMPTIONS = {
  inputTokens: 1_000,
  outputTokens: 800,
  citationsPerAnswer: 5,
  judgeInputTokensPerCall: 2_500,
  judgeOutputTokensPerCall: 200,
} as const;
const EPSILON = 1e-9;

function badField(path: string, message: string): HttpError {
  return new HttpError(400, `${path}: ${message}`, { metadata: { issues: [{ path, message }] } });
}

/**
 * Check spellings into specs, refused with a 400 naming the check (`checks[3]`): each one's own bounds, and the
 * list's together (checkListProblem), the same rules the runner parses the stored plan with.
 */
export function parseChecks(spellings: readonly string[]): CheckSpec[] {
  const checks = spellings.map((spelling, index) => {
    const parsed = parseCheck(spelling);
    if (!parsed.ok) throw badField(`checks[${index}]`, parsed.message);
    return parsed.check;
  });
  const problem = checkListProblem(checks);
  if (problem) throw badField(`checks[${problem.index}]`, problem.message);
  return checks;
}

/** The versions under test: each preset version expanded into its request settings (as the CLI does), each model as is. */
async function resolveVersions(charge: GatewayCharge, body: EvaluationRunRequest): Promise<EvaluationVersion[]> {
  const versions: EvaluationVersion[] = [];
  if (body.preset !== undefined && body.versions.length > 0) {
    const slug = body.preset;
    if (!isValidSlug(slug)) throw badField("preset", `"${slug}" is not a preset slug`);
    let all;
    try {
      all = await readPresetVersions(charge, slug);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw badField("preset", `the gateway has no preset "${slug}"`);
      throw error;
    }
    for (const [index, wanted] of body.versions.entries()) {
      let number: number;
      if (wanted === "designated") {
        const designated = (await readPreset(charge, slug)).designated_version;
        if (!designated) throw badField(`versions[${index}]`, `preset "${slug}" has no designated version`);
        number = designated.version;
      } else number = wanted;
      const version = all.find((candidate) => candidate.version === number);
      if (!version) throw badField(`versions[${index}]`, `preset "${slug}" has no version ${number} (it has ${all.map((v) => v.version).join(", ")})`);
      versions.push({ id: `@preset/${slug}@${number}`, label: `${slug} v${number}`, request: presetToResponsesRequest(version).fields });
    }
  }
  for (const model of body.models) versions.push({ id: model, label: model, request: { model } });
  if (new Set(versions.map((version) => version.id)).size !== versions.length) throw badField("versions", "names the same version or model twice");
  return versions;
}

/** Searches one answer runs: the web plugin, a web_search tool or an ":online" model search once. */
function searchesPerRequest(request: Record<string, unknown>): number {
  const plugins = Array.isArray(request.plugins) ? (request.plugins as { id?: unknown }[]) : [];
  const tools = Array.isArray(request.tools) ? (request.tools as { type?: unknown }[]) : [];
  const online = typeof request.model === "string" && request.model.endsWith(":online");
  const web = online || plugins.some((plugin) => plugin?.id === "web") || tools.some((tool) => typeof tool?.type === "string" && tool.type.startsWith("web_search"));
  return web ? 1 : 0;
}

function asPlanPricing(pricing: Pricing | null): EvaluationVersion["pricing"] {
  return pricing ? { prompt: pricing.promptUsdPerToken, completion: pricing.completionUsdPerToken, request: pricing.requestUsd, web_search: pricing.webSearchUsd } : undefined;
}

/** The person's day on the ledger: their limit and what their calls count today (reserves in flight included). */
async function today(context: AppContext, userId: string): Promise<{ limitUsd: number; spentUsd: number }> {
  const { day } = await context.ledger.budget(userId);
  return { limitUsd: day.limitUsd, spentUsd: day.spentUsd };
}

/**
 * Refuses a run whose versions use a `{{variable}}` some row lacks (400 naming the row and the variable): the
 * import could only check the row's own text, the preset's instructions are known once the versions are chosen.
 */
function checkVariables(versions: readonly EvaluationVersion[], rows: readonly Pick<QuestionRow, "vars">[]): void {
  const unresolved = unresolvedVariable(versions, rows);
  if (unresolved) throw badField(`rows[${unresolved.row}].vars.${unresolved.name}`, unresolvedMessage(unresolved));
}

/**
 * The typical figure (its assumed tokens per answer) kept inside the range from the real requests: a long preset
 * prompt puts the low end above it, short answers put the high end far below it. Its parts are scaled alike.
 */
function typicalWithin<T extends { model_tokens_usd: number; web_search_usd: number; judge_usd: number; total_usd: number; targets: { model_tokens_usd: number; web_search_usd: number; judge_usd: number; total_usd: number }[] }>(
  estimate: T,
  range: { low_usd: number; high_usd: number },
): T {
  const total = Math.min(range.high_usd, Math.max(range.low_usd, estimate.total_usd));
  if (estimate.total_usd <= 0 || total === estimate.total_usd) return estimate;
  const factor = total / estimate.total_usd;
  const scale = <P extends { model_tokens_usd: number; web_search_usd: number; judge_usd: number; total_usd: number }>(part: P): P => ({
    ...part,
    model_tokens_usd: part.model_tokens_usd * factor,
    web_search_usd: part.web_search_usd * factor,
    judge_usd: part.judge_usd * factor,
    total_usd: part.total_usd * factor,
  });
  return { ...scale(estimate), targets: estimate.targets.map(scale) };
}

interface PreparedRun {
  versions: EvaluationVersion[];
  /** The judge model's prices: what each judge call reserves. */
  judgePricing: EvaluationVersion["pricing"];
  checks: CheckSpec[];
  judgeModel: string | undefined;
  setVersion: number;
  questions: number;
  setName: string;
  estimate: EvaluationEstimate;
}

/** Resolves a request into the plan's versions and estimates it; refusals are data (the create route turns them into errors). */
async function prepareRun(context: AppContext, charge: GatewayCharge, user: SessionUser, body: EvaluationRunRequest): Promise<PreparedRun> {
  const set = await context.questionSets.get<QuestionRow>(body.set_id, body.set_version);
  if (!set) throw badField(body.set_version === undefined ? "set_id" : "set_version", body.set_version === undefined ? `no question set ${body.set_id}` : `question set ${body.set_id} has no version ${body.set_version}`);
  const versions = await resolveVersions(charge, body);
  const checks = parseChecks(body.checks);
  checkVariables(versions, set.rows);
  const catalog = await readModelCatalog(charge);
  const priceOf = (model: unknown): Pricing | null => readPricing(catalog.data.find((entry) => entry.id === model)?.pricing);
  for (const version of versions) version.pricing = asPlanPricing(priceOf(version.request.model));
  const env = serverEnv();
  const judgeModel = chooseJudgeModel({
    requested: body.judge_model,
    configured: env.EVAL_JUDGE_MODEL,
    listed: new Set(catalog.data.map((entry) => entry.id)),
    needed: set.rows.some((row) => checksForRow(checks, row).some((entry) => usesJudge(entry.check))),
    field: "judge_model",
  });
  const day = await today(context, user.id);
  const spent = day.spentUsd;
  const estimate = estimatePlan({
    targets: versions.map((version) => ({
      id: version.id,
      pricing: priceOf(version.request.model),
      webSearchesPerRequest: searchesPerRequest(version.request),
    })),
    questions: set.rows.length,
    repeats: body.repeats,
    checks,
    inputTokens: EVAL_ESTIMATE_ASSUMPTIONS.inputTokens,
    outputTokens: EVAL_ESTIMATE_ASSUMPTIONS.outputTokens,
    judge: {
      pricing: judgeModel === undefined ? null : priceOf(judgeModel),
      inputTokensPerCall: EVAL_ESTIMATE_ASSUMPTIONS.judgeInputTokensPerCall,
      outputTokensPerCall: EVAL_ESTIMATE_ASSUMPTIONS.judgeOutputTokensPerCall,
    },
    citationsPerAnswer: EVAL_ESTIMATE_ASSUMPTIONS.citationsPerAnswer,
    rowChecks: set.rows.map((row) => checksForRow(checks, row).filter((entry) => entry.origin !== "run").map((entry) => entry.check)).filter((own) => own.length > 0),
    // No cap and no day here: a cap below the estimate runs what fits (`fits_items`), and what is weighed against the
    // person's day is the cap, below.
  });
  const judgePricing = asPlanPricing(priceOf(judgeModel));
  // The range from the real requests: every item's filled request, low (a short answer) to high (what the ledger reserves).
  const range = estimateRange({ versions, rows: set.rows, repeats: body.repeats, checks, judgePricing, capUsd: body.cap_usd });
  const refusals: EvaluationEstimate["refusals"] = [...estimate.refusals];
  // Creating weighs the cap against what is left of today's budget (each claim checks the budget again), so the estimate says so too.
  if (!refusals.some((refusal) => refusal.code === "over_daily_limit") && spent + body.cap_usd > day.limitUsd + EPSILON) {
    refusals.push({
      code: "over_daily_limit",
      limit_usd: day.limitUsd,
      spent_usd: spent,
      estimated_cost_usd: body.cap_usd,
      message: `The run's cap, ${formatUsd(body.cap_usd)}, with the ${formatUsd(spent)} spent today (UTC) is over your limit of ${formatUsd(day.limitUsd)} a day.`,
    });
  }
  if (body.cap_usd > env.EVAL_MAX_COST_PER_RUN_USD + EPSILON) {
    refusals.push({
      code: "over_run_limit",
      limit_usd: env.EVAL_MAX_COST_PER_RUN_USD,
      message: `The run's cap, ${formatUsd(body.cap_usd)}, is over the limit of ${formatUsd(env.EVAL_MAX_COST_PER_RUN_USD)} per run.`,
    });
  }
  // What the dearest item's call reserves when claimed: the upper bound of its real request (its question and the
  // vars filled into the instructions), never the average the estimate assumes. Each judge call reserves on its own.
  // The row with the most text (its question and vars) stands for the dearest: one fill per version, not one per row
  // (10,000 rows over a 200,000-character prompt would be seconds of work); each claim reserves its own exact bound.
  const rowWeight = (row: QuestionRow) => row.question.length + Object.values(row.vars ?? {}).reduce((sum, value) => sum + value.length, 0);
  const heaviest = set.rows.reduce<QuestionRow | undefined>((best, row) => (best === undefined || rowWeight(row) > rowWeight(best) ? row : best), undefined);
  const itemReserveUsd = heaviest ? Math.max(0, ...versions.map((version) => itemCharge(version, heaviest).usd)) : 0;
  if (itemReserveUsd > body.cap_usd + EPSILON && !refusals.some((refusal) => refusal.code === "over_plan_cap")) {
    refusals.push({
      code: "over_plan_cap",
      limit_usd: body.cap_usd,
      estimated_cost_usd: itemReserveUsd,
      message: `One item's call may cost up to ${formatUsd(itemReserveUsd)} (the upper bound of its request: instructions, question, answer length and web search), over this run's cap of ${formatUsd(body.cap_usd)}.`,
    });
  }
  return {
    versions,
    judgePricing,
    checks,
    judgeModel,
    setVersion: set.version,
    setName: set.name,
    questions: set.rows.length,
    estimate: { ...typicalWithin(estimate, range), ...range, refusals, item_reserve_usd: itemReserveUsd, versions: versions.map(({ id, label }) => ({ id, label })) },
  };
}

export async function estimateRun(charge: GatewayCharge, user: SessionUser, body: EvaluationRunRequest): Promise<EvaluationEstimate> {
  return (await prepareRun(await appContext(), charge, user, body)).estimate;
}

/** The estimate a run started with (null for runs started before it was kept). */
function estimateOf(low: number | null, high: number | null): EvaluationRun["estimate"] {
  return low === null || high === null ? null : { low_usd: Number(low), high_usd: Number(high) };
}

function runOf(row: EvaluationRunRow): EvaluationRun {
  // The running spend is the claims' (the cap check); the pages read spending per version from the items.
  const { spent_usd: _spent, name, estimate_low_usd: low, estimate_high_usd: high, ...run } = row;
  const plan = JSON.parse(row.plan) as Record<string, unknown>;
  return { ...run, name: runNameOf(name, plan), plan, estimate: estimateOf(low, high) };
}

/**
 * Starts a run: refuses an unpriced plan (400), a cap over the per-run limit or an estimate over the cap (402), and
 * a cap that what is left of the person's budget today cannot take (429 with Retry-After, or 402). Nothing is
 * reserved here: each item's call reserves on the ledger when it is claimed, against the run's cap and the
 * person's budget, so two runs or two tabs cannot together pass either. `options.id` is for the seeded demo run only.
 */
export async function createRun(charge: GatewayCharge, user: SessionUser, body: EvaluationRunRequest, options: { id?: string } = {}): Promise<EvaluationRun> {
  const context = await appContext();
  const prepared = await prepareRun(context, charge, user, body);
  const { estimate } = prepared;
  const unpriced = estimate.refusals.find((refusal) => refusal.code === "unknown_pricing");
  if (unpriced) throw new HttpError(400, unpriced.message, { metadata: { refusals: estimate.refusals, issues: [{ path: unpriced.target === "judge" ? "judge_model" : "models", message: unpriced.message }] } });
  const overLimit = estimate.refusals.find((refusal) => refusal.code === "over_run_limit");
  if (overLimit) {
    throw new HttpError(402, overLimit.message, {
      metadata: { limit: "per_run", setting: "EVAL_MAX_COST_PER_RUN_USD", limit_usd: overLimit.limit_usd, cap_usd: body.cap_usd, issues: [{ path: "cap_usd", message: overLimit.message }] },
    });
  }
  const overCap = estimate.refusals.find((refusal) => refusal.code === "over_plan_cap");
  if (overCap) {
    throw new HttpError(402, `${overCap.message} Raise the cap, or choose fewer versions, questions or repeats.`, {
      metadata: { limit: "per_run", limit_usd: body.cap_usd, estimated_cost_usd: estimate.total_usd, issues: [{ path: "cap_usd", message: overCap.message }] },
    });
  }
  // Nothing is reserved here: every item's call reserves as it is claimed, against the cap and the budget.
  await checkModelBudget(context.ledger, user.id, body.cap_usd, "This run's cap");
  // Counted before the run is stored: two tabs at once may each pass the bound by one (each run's items still
  // take the per-user bounds on items in flight and the responses limit).
  await checkRunningRuns(context, user.id);
  // The demo run has a fixed id (evaluation-demo.ts), so seeding it again after a restart finds it.
  const id = options.id ?? randomUUID();
  const items = [];
  // Question by question, every version of each in turn: a run stopped at its cap has compared its versions on the
  // same questions (estimate-range.ts counts what fits in this order).
  for (let question = 0; question < prepared.questions; question++)
    for (let version = 0; version < prepared.versions.length; version++)
      for (let repeat = 0; repeat < body.repeats; repeat++) items.push({ version_index: version, question_index: question, repeat_index: repeat });
  await context.evaluationRuns.create({
    id,
    userId: user.id,
    setId: body.set_id,
    setVersion: prepared.setVersion,
    plan: { versions: prepared.versions, repeats: body.repeats, concurrency: body.concurrency, checks: prepared.checks, judge_model: prepared.judgeModel, judge_threshold: body.judge_threshold, judge_pricing: prepared.judgePricing },
    capUsd: body.cap_usd,
    itemReserveUsd: estimate.item_reserve_usd,
    estimate: { lowUsd: estimate.low_usd, highUsd: estimate.high_usd },
    items,
    name: defaultRunName(prepared.versions.map((version) => version.label), prepared.setName),
  });
  return runOf((await context.evaluationRuns.get(id))!);
}

/** How long a refused start is told to wait: runs take minutes; a minute is a fair first look. */
const RUNNING_RETRY_AFTER_SECONDS = 60;

/**
 * Refuses a new run (429) while the user has EVAL_MAX_RUNNING_RUNS_PER_USER running, or everyone together
 * EVAL_MAX_RUNNING_RUNS: counted in the app database, so every instance sees the same runs. Called under the user's
 * spending lock, so two tabs cannot both take the last place.
 */
async function checkRunningRuns(context: AppContext, userId: string): Promise<void> {
  const env = serverEnv();
  const running = await context.evaluationRuns.runningCounts(userId);
  const over =
    running.user >= env.EVAL_MAX_RUNNING_RUNS_PER_USER
      ? { setting: "EVAL_MAX_RUNNING_RUNS_PER_USER", limit: env.EVAL_MAX_RUNNING_RUNS_PER_USER, message: `You have ${running.user} evaluation runs running, the most at once; wait for one to end or cancel one.` }
      : running.all >= env.EVAL_MAX_RUNNING_RUNS
        ? { setting: "EVAL_MAX_RUNNING_RUNS", limit: env.EVAL_MAX_RUNNING_RUNS, message: `${running.all} evaluation runs are running, the most this dashboard runs at once; try again when one has ended.` }
        : null;
  if (!over) return;
  throw new HttpError(429, over.message, {
    headers: { "Retry-After": String(RUNNING_RETRY_AFTER_SECONDS) },
    metadata: { limit: "running_runs", setting: over.setting, limit_runs: over.limit, retry_after: RUNNING_RETRY_AFTER_SECONDS },
  });
}

function emptyTotals(): EvaluationRunSummary["totals"] {
  return { done: 0, failed: 0, pending: 0, running: 0, cancelled: 0, total: 0, spent_usd: 0 };
}

/** The newest runs, each with its items' counts by status and its spending (one grouped query for all of them). */
/** A page's cursor: the last run's (created_at, id), opaque to clients. */
function runCursor(run: { created_at: string; id: string }): string {
  return Buffer.from(JSON.stringify([run.created_at, run.id])).toString("base64url");
}

function parseRunCursor(cursor: string): { created_at: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === "string" && typeof value[1] === "string") return { created_at: value[0], id: value[1] };
  } catch {
    // Reported below.
  }
  throw new HttpError(400, "Invalid cursor: pass the next_cursor of the page before", { metadata: { issues: [{ path: "cursor", message: "is not a cursor this list gave" }] } });
}

const pick = (counts: { passed: number; ended: number } | undefined) => (counts ? { passed: counts.passed, ended: counts.ended } : {});

/** The versions a list shows, from the stored plan (its requests are left out of every list). */
function versionsOf(plan: string): { id: string; label: string }[] {
  const parsed = JSON.parse(plan) as { versions?: unknown };
  const versions = Array.isArray(parsed.versions) ? (parsed.versions as { id?: unknown; label?: unknown }[]) : [];
  return versions.map((version) => ({ id: String(version.id ?? "?"), label: String(version.label ?? version.id ?? "?") }));
}

/** A page of runs, newest first, each without its plan (issue 36: the list carried every system prompt). */
export async function listRuns(query: { setId?: string; limit?: number; cursor?: string } = {}): Promise<EvaluationRunListResponse> {
  const context = await appContext();
  const limit = query.limit ?? EVAL_RUN_PAGE.default;
  const rows = await context.evaluationRuns.list({ setId: query.setId, limit: limit + 1, after: query.cursor === undefined ? undefined : parseRunCursor(query.cursor) });
  const page = rows.slice(0, limit);
  const totals = new Map(page.map((run) => [run.id, emptyTotals()]));
  for (const row of await context.evaluationRuns.totals(page.map((run) => run.id))) {
    const counts = totals.get(row.run_id);
    if (!counts) continue;
    counts[row.status === "claimed" ? "running" : row.status] += row.count;
    counts.total += row.count;
  }
  // Each run's spending is its ledger's (one indexed lookup a run): the figure its page and results show.
  await Promise.all(
    page.map(async (run) => {
      const counts = totals.get(run.id);
      if (counts) counts.spent_usd = sumItemCosts((await itemCostsOf(context.ledger, run.id)).values()).total_usd;
    }),
  );
  // Pass counts per version from the items' pass flags: one grouped query for the page, over an index.
  const passes = new Map<string, { passed: number; ended: number }>();
  for (const row of await context.evaluationRuns.passCounts(page.map((run) => run.id))) passes.set(`${row.run_id}:${row.version_index}`, row);
  const data = page.map(({ plan, spent_usd: _spent, name, estimate_low_usd: low, estimate_high_usd: high, ...run }) => {
    const labels = versionsOf(plan);
    const versions = labels.map((version, index) => ({ ...version, ended: 0, passed: 0, ...pick(passes.get(`${run.id}:${index}`)) }));
    return { ...run, name: runNameOf(name, { versions: labels }), versions, estimate: estimateOf(low, high), totals: totals.get(run.id) ?? emptyTotals() };
  });
  return { data, next_cursor: rows.length > limit ? runCursor(page[page.length - 1]) : null };
}

async function runOr404(id: string): Promise<EvaluationRunRow> {
  const row = await (await appContext()).evaluationRuns.get(id);
  if (!row) throw new HttpError(404, `No evaluation run ${id}`);
  return row;
}

const RECENT_ERROR_MESSAGE_MAX = 300;

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A stored error's message and status, whatever shape it was recorded in (the contract's: status, message, code). */
function recentError(row: Awaited<ReturnType<AppContext["evaluationRuns"]["recentErrors"]>>[number]): EvaluationRecentError {
  const error = (row.error ?? {}) as { status?: unknown; message?: unknown };
  return {
    position: row.position,
    version_index: row.version_index,
    question_index: row.question_index,
    repeat_index: row.repeat_index,
    status: typeof error.status === "number" ? error.status : null,
    // Bounded, so the polled answer stays small whatever a gateway put in its error.
    message: typeof error.message === "string" ? truncate(error.message, RECENT_ERROR_MESSAGE_MAX) : "The item failed without a message.",
    ended_at: row.ended_at,
  };
}

/**
 * What an ended run spent, split (tokens, web search, judge): the results' figure of the whole run (cached per run
 * revision; every item, as the ledger counts it), so the run page and the results page show the same numbers. Null
 * while it runs: the polled answer stays small.
 */
async function endedCostSplit(id: string, status: EvaluationRun["status"]): Promise<CostSplit | null> {
  if (status === "running") return null;
  const spent = (await (await loadRun(id)).summary()).spent;
  return spent ? { tokens_usd: spent.tokens_usd, web_search_usd: spent.web_search_usd, judge_usd: spent.judge_usd, total_usd: spent.total_usd } : null;
}

/**
 * What a run's items count on the ledger (itemCostsOf), per version: settled costs and kept reserves (the figure),
 * the kept-reserve part, and reserves in flight. The position→version map is read only when the run has several.
 */
async function runSpending(context: AppContext, runId: string, versionCount: number): Promise<{ versions: ItemCost[] }> {
  const costs = await itemCostsOf(context.ledger, runId);
  const versions = Array.from({ length: Math.max(1, versionCount) }, () => sumItemCosts([]));
  const versionOf = versionCount > 1 ? await context.evaluationRuns.versionsByPosition(runId) : null;
  for (const [position, cost] of costs) {
    const version = versions[versionOf?.get(position) ?? 0];
    if (!version) continue;
    Object.assign(version, sumItemCosts([version, cost]));
  }
  return { versions };
}

/**
 * A run with its progress per version: counts by status, spending so far, an ETA at the pace so far and the
 * latest few errors. What the run page polls: two index reads, and an answer whose size does not grow with the
 * run's items.
 */
export async function readRun(id: string, now = Date.now()): Promise<EvaluationRunDetail> {
  const context = await appContext();
  const run = runOf(await runOr404(id));
  const planVersions = (run.plan.versions ?? []) as { id: string; label: string }[];
  const [rows, errors, spending] = await Promise.all([context.evaluationRuns.progress(id), context.evaluationRuns.recentErrors(id, RECENT_ERRORS_MAX), runSpending(context, id, planVersions.length)]);
  const versions = planVersions.map((version, index) => {
    const counts = { done: 0, failed: 0, pending: 0, running: 0, cancelled: 0, total: 0 };
    for (const row of rows) {
      if (row.version_index !== index) continue;
      counts[row.status === "claimed" ? "running" : row.status] += row.count;
      counts.total += row.count;
    }
    const spent = spending.versions[index];
    return { version_index: index, id: version.id, label: version.label, ...counts, spent_usd: spent.total_usd, unknown_usd: spent.unknown_usd, in_flight_usd: spent.in_flight_usd };
  });
  const totals = { done: 0, failed: 0, pending: 0, running: 0, cancelled: 0, total: 0, spent_usd: 0, unknown_usd: 0, in_flight_usd: 0 };
  for (const version of versions) for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += version[key];
  const ended = totals.done + totals.failed;
  const left = totals.pending + totals.running;
  const elapsedMs = now - Date.parse(run.created_at);
  const eta = run.status === "running" && ended > 0 && left > 0 ? Math.ceil(((elapsedMs / ended) * left) / 1000) : null;
  return {
    ...run,
    progress: { versions, totals, eta_seconds: run.status === "running" && left === 0 ? 0 : eta, recent_errors: errors.map(recentError), cost_split: await endedCostSplit(id, run.status) },
  };
}

export async function readRunItems(id: string, offset: number, limit: number): Promise<{ data: EvaluationItem[]; next_offset: number | null }> {
  await runOr404(id);
  // One more than asked tells whether a next page exists.
  const rows = await (await appContext()).evaluationRuns.items(id, { offset, limit: limit + 1 });
  const data = rows.slice(0, limit).map((row) => ({
    position: row.position,
    version_index: row.version_index,
    question_index: row.question_index,
    repeat_index: row.repeat_index,
    status: row.status,
    attempts: row.attempts,
    cost_usd: row.cost_usd === null ? null : Number(row.cost_usd),
    started_at: row.started_at,
    ended_at: row.ended_at,
    result: row.result,
    error: row.error,
    checks: row.checks,
  }));
  return { data, next_offset: rows.length > limit ? offset + limit : null };
}

/** Refuses (403) a write to a run by anyone but its creator or an admin: cancel, re-score, designate (mayWriteRun). */
export function assertMayWriteRun(user: SessionUser, run: { user_id: string }, what: string): void {
  if (!mayWriteRun(user, run)) throw new HttpError(403, `Only the person who started this run, or an admin, may ${what} it`);
}

/** Cancels a running run: its creator or an admin (403 otherwise), 409 once it ended. */
export async function cancelRun(user: SessionUser, id: string): Promise<EvaluationRunDetail> {
  const run = await runOr404(id);
  assertMayWriteRun(user, run, "cancel");
  if (!(await (await appContext()).evaluationRuns.cancel(id))) {
    const status = (await (await appContext()).evaluationRuns.status(id)) ?? run.status;
    throw new HttpError(409, `The run already ended (${status}); there is nothing to cancel`, { metadata: { status } });
  }
  return readRun(id);
}

/** Renames a run: its creator or an admin (403 otherwise). */
export async function renameRun(user: SessionUser, id: string, name: string): Promise<EvaluationRunDetail> {
  const run = await runOr404(id);
  assertMayWriteRun(user, run, "rename");
  await (await appContext()).evaluationRuns.rename(id, name);
  return readRun(id);
}

/**
 * The request that started a run, rebuilt from its stored plan: the same set version, preset versions and models,
 * repeats, concurrency, checks, judge model and cap. Versions are taken as the preset's numbered versions they
 * were (never "designated", which may have moved since).
 */
function requestOf(row: EvaluationRunRow): EvaluationRunRequest {
  const plan = EvaluationPlanSchema.parse(JSON.parse(row.plan));
  const presets = plan.versions.map((version) => presetOfVersionId(version.id));
  const slug = presets.find((preset) => preset !== null)?.slug;
  const body = {
    set_id: row.set_id,
    set_version: row.set_version,
    ...(slug ? { preset: slug } : {}),
    versions: presets.filter((preset) => preset !== null).map((preset) => preset.version),
    models: plan.versions.filter((_, index) => presets[index] === null).map((version) => version.id),
    repeats: plan.repeats,
    concurrency: plan.concurrency,
    checks: plan.checks.map((check) => formatCheck(CheckSpecSchema.parse(check))),
    cap_usd: row.cap_usd,
    ...(plan.judge_model ? { judge_model: plan.judge_model } : {}),
    ...(plan.judge_threshold === undefined ? {} : { judge_threshold: plan.judge_threshold }),
  };
  const parsed = EvaluationRunRequestSchema.safeParse(body);
  if (!parsed.success) throw new HttpError(409, "This run's plan cannot be started again as it was (a version or check is no longer accepted)");
  return parsed.data;
}

/** "Run again": a new run of the same plan, started by the caller (the usual spending checks apply). */
export async function runAgain(charge: GatewayCharge, user: SessionUser, id: string): Promise<EvaluationRun> {
  return createRun(charge, user, requestOf(await runOr404(id)));
}

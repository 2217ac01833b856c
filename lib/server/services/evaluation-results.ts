import "server-only";
import { createHash } from "node:crypto";
import { EvaluationPlanSchema } from "@/lib/contract/bff/evaluation-plan";
import type {
  EvaluationCompare,
  EvaluationCompareRunRef,
  EvaluationDomains,
  EvaluationQuestionDetail,
  EvaluationQuestionDetailQuery,
  EvaluationQuestionPage,
  EvaluationQuestionRow,
  EvaluationQuestionsQuery,
  EvaluationResultsSummary,
  EvaluationResultVersion,
  EvaluationRunHeader,
} from "@/lib/contract/bff/evaluation-results";
import { formatCheck } from "@/lib/evaluations/check-spelling";
import { isDemoJudge } from "@/lib/evaluations/judge-protocol";
import { CheckSpecSchema } from "@/lib/evaluations/checks";
import { withLedgerCost } from "@/lib/evaluations/cost-split";
import type { CheckResult } from "@/lib/evaluations/evaluate";
import { ItemResultSchema } from "@/lib/evaluations/item-result";
import { QuestionRowSchema } from "@/lib/evaluations/questions";
import { compareRunSteps } from "@/lib/evaluations/results/compare";
import { domainsPerVersionSteps } from "@/lib/evaluations/results/domains";
import { noiseFloorSteps } from "@/lib/evaluations/results/noise-floor";
import { questionDetail } from "@/lib/evaluations/results/question-detail";
import { questionRowSteps } from "@/lib/evaluations/results/question-rows";
import { resultsReportMarkdown } from "@/lib/evaluations/results/report-markdown";
import { resultsCsvLines, resultsJsonParts } from "@/lib/evaluations/results/results-export";
import { neighbours, pageRows, queryRows, rowCounts } from "@/lib/evaluations/results/row-query";
import { ItemGrid, type ResultQuestion, type StoredItem } from "@/lib/evaluations/results/stored-item";
import { runNameOf } from "@/lib/evaluations/results/run-name";
import { runSpent } from "@/lib/evaluations/results/spent";
import { finishInTurns, mapInSteps } from "@/lib/evaluations/results/steps";
import { presetOfVersionId, versionSummarySteps } from "@/lib/evaluations/results/summary";
import { appContext } from "../config/app-context";
import type { EvaluationRunRow, EvaluationRunsStore } from "../db/evaluation-runs-store";
import { itemCostsOf, type ItemCost } from "../evaluations/item-costs";
import { EvaluationScoringsStore, type EvaluationScoringRow } from "../db/evaluation-scorings-store";
import { HttpError } from "../http/errors";

/**
 * A run's results for the routes (issue 28), read from the stored items and the question-set version the run
 * pinned: never a gateway call, so a finished run opens while the gateway is down. The lib/evaluations/results modules
 * compute everything; this module loads a run once per revision (items that ended, re-scores) and keeps a few
 * runs' loaded items in memory, bounded by their item count.
 */

/** Loaded items kept across runs; a run over this is loaded for each request and not kept. */
const CACHE_ITEMS_MAX = 200_000;
const CACHE_RUNS_MAX = 8;

/** A run loaded for its results. */
export interface LoadedRun {
  row: EvaluationRunRow;
  header: EvaluationRunHeader;
  versions: EvaluationResultVersion[];
  questions: ResultQuestion[];
  grid: ItemGrid;
  /** The plan's judge model (null: the default). */
  judgeModel: string | null;
  items: number;
  /** Computed on first use in slices with turns of the event loop between them (steps.ts), then kept with the run. */
  rows(): Promise<EvaluationQuestionRow[]>;
  summary(): Promise<EvaluationResultsSummary>;
}

const cache = new Map<string, { revision: string; run: LoadedRun }>();

/** The cache entry of a run under a scoring. */
const cacheKey = (id: string, scoring: number) => `${id}#${scoring}`;

function remember(id: string, revision: string, run: LoadedRun): void {
  if (run.items > CACHE_ITEMS_MAX) return;
  cache.delete(id);
  cache.set(id, { revision, run });
  let total = [...cache.values()].reduce((sum, entry) => sum + entry.run.items, 0);
  // Least recently used first (a Map keeps insertion order; a hit re-inserts).
  for (const [key, entry] of cache) {
    if (total <= CACHE_ITEMS_MAX && cache.size <= CACHE_RUNS_MAX) break;
    cache.delete(key);
    total -= entry.run.items;
  }
}

/**
 * A stored item as the results read it; a result or checks that do not parse make the item an error that says so.
 * Its cost is the ledger's (`cost`: its calls' settled costs and kept reserves), on the item and on its answer alike,
 * so every figure the results show sums what the ledger does; an item the ledger has no entry of (a run written whole
 * by a bench) keeps what was stored with it.
 */
function storedItem(raw: Awaited<ReturnType<EvaluationRunsStore["resultItems"]>>[number], cost: ItemCost | undefined): StoredItem {
  const base = {
    version_index: raw.version_index,
    question_index: raw.question_index,
    repeat_index: raw.repeat_index,
    status: raw.status,
    cost_usd: cost ? cost.total_usd : raw.cost_usd,
    ...(cost ? { cost_unknown_usd: cost.unknown_usd } : {}),
  };
  const error = raw.error as StoredItem["error"];
  const checks = Array.isArray(raw.checks) ? (raw.checks as CheckResult[]) : null;
  if (raw.status !== "done" || raw.result === null) return { ...base, result: null, checks, error: error && typeof error.message === "string" ? error : null };
  const parsed = ItemResultSchema.safeParse(raw.result);
  if (!parsed.success) return { ...base, status: "failed", result: null, checks, error: { message: "The stored answer could not be read.", code: "unreadable" } };
  return { ...base, result: cost ? withLedgerCost(parsed.data, cost) : parsed.data, checks, error: null };
}

/** The pinned set version's questions; a set deleted since keeps its run readable, its questions named by number. */
/** The set's rows as the results show them, each checked against the row schema (10,000 of them: in turns). */
function questionsOf(rows: unknown[] | undefined, count: number): Promise<ResultQuestion[]> {
  const indexes = Array.from({ length: count }, (_, index) => index);
  return finishInTurns(
    mapInSteps(indexes, (index) => {
      const parsed = QuestionRowSchema.safeParse(rows?.[index]);
      if (parsed.success) return parsed.data;
      return { question: `Question ${index + 1} (its set was deleted)`, tags: [], allowed_domains: [], time_sensitive: false };
    }),
  );
}

export async function runRowOr404(id: string): Promise<EvaluationRunRow> {
  const row = await (await appContext()).evaluationRuns.get(id);
  if (!row) throw new HttpError(404, `No evaluation run ${id}`);
  return row;
}

/** A scoring of the run after its own (404 when it has none of that number). */
async function scoringOr404(id: string, number: number): Promise<EvaluationScoringRow> {
  const scoring = await new EvaluationScoringsStore((await appContext()).db).byNumber(id, number);
  if (!scoring) throw new HttpError(404, `Run ${id} has no scoring ${number}`);
  return scoring;
}

/**
 * Loads a run's results under one of its scorings (1: its own verdicts; from the cache when nothing changed since).
 * Another scoring's results are the same answers with that scoring's verdicts; answers it has not scored yet have none.
 */
export async function loadRun(id: string, scoringNumber = 1): Promise<LoadedRun> {
  const context = await appContext();
  const row = await runRowOr404(id);
  const scoring = scoringNumber === 1 ? null : await scoringOr404(id, scoringNumber);
  const planHash = createHash("sha256").update(row.plan).digest("base64url").slice(0, 16);
  const scored = scoring ? `:${scoring.number}:${scoring.status}:${scoring.done_count}` : "";
  const revision = `${row.status}:${row.ended_at ?? ""}:${planHash}:${row.name ?? ""}:${await context.evaluationRuns.resultsRevision(id)}${scored}`;
  const key = cacheKey(id, scoringNumber);
  const hit = cache.get(key);
  if (hit && hit.revision === revision) {
    remember(key, revision, hit.run);
    return hit.run;
  }

  const stored = EvaluationPlanSchema.safeParse(JSON.parse(row.plan));
  if (!stored.success) throw new HttpError(500, `The stored plan of run ${id} could not be read`);
  // Under a re-score the plan's checks and judge are that scoring's; the versions and repeats are the run's.
  const plan = scoring ? { ...stored, data: { ...stored.data, checks: JSON.parse(scoring.checks) as unknown[], judge_model: scoring.judge_model ?? undefined } } : stored;
  const set = await context.questionSets.get<unknown>(row.set_id, row.set_version);
  const verdicts = scoring ? await new EvaluationScoringsStore(context.db).itemChecks(scoring.id) : null;
  const [ran, costs] = await Promise.all([context.evaluationRuns.resultItems(id), itemCostsOf(context.ledger, id)]);
  const raw = verdicts ? ran.map((item) => ({ ...item, checks: verdicts.get(item.position) ?? null })) : ran;
  const questionCount = set ? set.rows.length : Math.max(0, ...raw.map((item) => item.question_index + 1));
  const questions = await questionsOf(set?.rows, questionCount);
  const versions: EvaluationResultVersion[] = plan.data.versions.map((version, index) => ({ version_index: index, id: version.id, label: version.label, preset: presetOfVersionId(version.id) }));
  // Parsing and checking every stored item: the longest part of a large run's first read, so it gives other requests turns.
  const grid = new ItemGrid(versions.length, questions.length, await finishInTurns(mapInSteps(raw, (item) => storedItem(item, costs.get(item.position)))));
  const checks = plan.data.checks.map((check) => {
    const parsed = CheckSpecSchema.safeParse(check);
    return parsed.success ? formatCheck(parsed.data) : JSON.stringify(check);
  });
  const header: EvaluationRunHeader = {
    run_id: row.id,
    name: runNameOf(row.name, plan.data),
    set_id: row.set_id,
    set_name: set?.name ?? null,
    set_version: row.set_version,
    status: row.status,
    created_at: row.created_at,
    ended_at: row.ended_at,
    repeats: plan.data.repeats,
    questions: questions.length,
    checks,
    judge_model: plan.data.judge_model ?? null,
    demo_judge: isDemoJudge(plan.data.judge_model),
    revision: createHash("sha256").update(revision).digest("base64url").slice(0, 16),
    scoring: scoringNumber,
  };
  let rows: Promise<EvaluationQuestionRow[]> | undefined;
  let summary: Promise<EvaluationResultsSummary> | undefined;
  const run: LoadedRun = {
    row,
    header,
    versions,
    questions,
    grid,
    judgeModel: plan.data.judge_model ?? null,
    items: raw.length,
    rows: () => (rows ??= finishInTurns(questionRowSteps(grid, questions))),
    summary: () =>
      (summary ??= (async () => ({
        ...header,
        user_id: row.user_id,
        versions: await finishInTurns(versionSummarySteps(grid, versions)),
        noise_floor: await finishInTurns(noiseFloorSteps(grid, plan.data.repeats)),
        spent: runSpent(grid),
      }))()),
  };
  remember(key, revision, run);
  return run;
}

export async function readResultsSummary(id: string, scoring = 1): Promise<EvaluationResultsSummary> {
  return await (await loadRun(id, scoring)).summary();
}

function versionOr400(run: LoadedRun, version: number, field: string): number {
  if (version >= run.versions.length) throw new HttpError(400, `${field}: the run has ${run.versions.length} version(s), 0 to ${run.versions.length - 1}`, { metadata: { issues: [{ path: field, message: `must be below ${run.versions.length}` }] } });
  return version;
}

export async function readQuestionPage(id: string, query: EvaluationQuestionsQuery): Promise<EvaluationQuestionPage> {
  const run = await loadRun(id, query.scoring);
  versionOr400(run, query.sort_version, "sort_version");
  const all = await run.rows();
  const list = queryRows(all, query);
  const { data, next_offset } = pageRows(list, query.offset, query.limit);
  return { data, total: list.length, offset: query.offset, limit: query.limit, next_offset, ...rowCounts(all), versions: run.versions, revision: run.header.revision };
}

export async function readQuestionDetail(id: string, index: number, query: EvaluationQuestionDetailQuery): Promise<EvaluationQuestionDetail> {
  const run = await loadRun(id, query.scoring);
  if (!Number.isInteger(index) || index < 0 || index >= run.questions.length) throw new HttpError(404, `Run ${id} has no question ${index} (it has ${run.questions.length}, from 0)`);
  const base = versionOr400(run, query.base, "base");
  const against = versionOr400(run, query.against ?? (run.versions.length > 1 ? (base === 0 ? 1 : 0) : 0), "against");
  versionOr400(run, query.sort_version, "sort_version");
  const rows = await run.rows();
  const list = queryRows(rows, query);
  const detail = questionDetail(run.grid, run.versions, run.questions[index], index, { base, against, repeat: query.repeat });
  return { ...detail, row: rows[index], ...neighbours(list, index), total: list.length, revision: run.header.revision };
}

export async function readDomains(id: string, maxAgeDays: number, now = Date.now()): Promise<EvaluationDomains> {
  const run = await loadRun(id);
  const asOf = run.row.ended_at ? Date.parse(run.row.ended_at) : now;
  return { versions: await finishInTurns(domainsPerVersionSteps(run.grid, run.questions, run.versions, { maxAgeDays, asOf })), revision: run.header.revision };
}

/** A results download: its text in pieces, made as the download is read (issue 36: a large run's file built whole held the loop). */
export interface ResultsFile {
  parts: Iterable<string>;
  contentType: string;
  fileName: string;
}

export async function exportResults(id: string, format: "csv" | "json" | "md", scoring = 1): Promise<ResultsFile> {
  const run = await loadRun(id, scoring);
  const stem = scoring === 1 ? `evaluation-${id}` : `evaluation-${id}-scoring-${scoring}`;
  switch (format) {
    case "csv":
      return { parts: resultsCsvLines(run.grid, run.questions, run.versions), contentType: "text/csv; charset=utf-8", fileName: `${stem}.csv` };
    case "json":
      return { parts: resultsJsonParts(run.header, run.grid, run.questions, run.versions), contentType: "application/json; charset=utf-8", fileName: `${stem}.json` };
    case "md":
      // A report of figures and a table of one line per question (not per answer): made whole, its size the questions'.
      return { parts: [resultsReportMarkdown(await run.summary(), await run.rows(), run.grid)], contentType: "text/markdown; charset=utf-8", fileName: `${stem}.md` };
  }
}

/** Runs of one question set side by side, each under the scoring named (400 when they are of different sets). */
export async function compareResults(refs: readonly EvaluationCompareRunRef[]): Promise<EvaluationCompare> {
  const runs = await Promise.all(refs.map((ref) => loadRun(ref.id, ref.scoring)));
  const sets = new Set(runs.map((run) => run.row.set_id));
  if (sets.size > 1) throw new HttpError(400, "runs: the runs are of different question sets; compare runs of one set", { metadata: { issues: [{ path: "runs", message: "must be runs of one question set" }] } });
  return await finishInTurns(compareRunSteps(
    runs[0].row.set_id,
    runs.map((run) => ({
      run_id: run.row.id,
      name: run.header.name,
      scoring: run.header.scoring ?? 1,
      set_version: run.row.set_version,
      status: run.row.status,
      created_at: run.row.created_at,
      repeats: run.header.repeats,
      judge_model: run.judgeModel,
      versions: run.versions,
      grid: run.grid,
      questions: run.questions,
    })),
  ));
}

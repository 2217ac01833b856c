import type { EvaluationQuestionFlag } from "@/lib/contract/bff/evaluation-results";
import type { QuestionListParams } from "@/lib/client/queries/evaluation-results";

/**
 * The results page's view as URL search parameters, so every view (filters, sort, open question, tab) has a
 * shareable address. Pure: parsed from and written to URLSearchParams; unknown or malformed values fall back to
 * the default rather than failing the page (a hand-edited link still opens).
 *
 *   ?filter=failed,citations&tag=news&sort=v1.cost&dir=desc&q=12&tab=questions
 */

export const RESULT_FILTERS = ["failed", "differ", "citations", "same-answer", "errors"] as const;
export type ResultFilter = (typeof RESULT_FILTERS)[number];

export const FILTER_LABELS: Record<ResultFilter, string> = {
  failed: "Failed any check",
  differ: "Verdicts differ",
  citations: "Citations changed",
  "same-answer": "Same answer, different sources",
  errors: "Errors",
};

/** Columns a version's group offers to sort by; `question` sorts by the question's position. */
const VERSION_COLUMNS = ["verdict", "cost", "latency", "citations", "changed"] as const;
export type VersionColumn = (typeof VERSION_COLUMNS)[number];

export type SortKey = { column: "question" } | { column: VersionColumn; version: number };
type SortDir = "asc" | "desc";

const RESULT_TABS = ["questions", "domains"] as const;
export type ResultTab = (typeof RESULT_TABS)[number];

/** The two versions the question detail's citation diff compares (`?diff=0-2`: version 1 against version 3). */
export interface DiffPair {
  base: number;
  against: number;
}

export interface ResultsView {
  filters: ResultFilter[];
  tag: string | null;
  sort: SortKey;
  dir: SortDir;
  /** The question whose detail is open (its index in the set), or null. */
  question: number | null;
  tab: ResultTab;
  /** The citation diff's pair; null: the first version against the second. */
  diff: DiffPair | null;
  /** The scoring the results are shown under (`?scoring=2`); 1, the run's own verdicts, by default. */
  scoring: number;
}

export const DEFAULT_VIEW: ResultsView = { filters: [], tag: null, sort: { column: "question" }, dir: "asc", question: null, tab: "questions", diff: null, scoring: 1 };

const SCORING_MAX = 1_000;

function parseScoring(raw: string | null): number {
  if (raw === null || !/^\d{1,4}$/.test(raw)) return 1;
  const n = Number(raw);
  return n >= 1 && n <= SCORING_MAX ? n : 1;
}

const TAG_MAX = 40;
const VERSION_MAX = 4;
const QUESTION_MAX = 1_000_000;

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

function parseSort(raw: string | null): SortKey {
  if (!raw || raw === "question") return { column: "question" };
  const dot = raw.indexOf(".");
  if (dot < 2 || raw[0] !== "v") return { column: "question" };
  const version = Number(raw.slice(1, dot));
  const column = raw.slice(dot + 1);
  if (!Number.isInteger(version) || version < 0 || version >= VERSION_MAX || !isOneOf(VERSION_COLUMNS, column)) return { column: "question" };
  return { column, version };
}

export function formatSort(sort: SortKey): string {
  return sort.column === "question" ? "question" : `v${sort.version}.${sort.column}`;
}

function parseIndex(raw: string | null): number | null {
  if (raw === null || !/^\d{1,7}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= QUESTION_MAX ? n : null;
}

function parseDiff(raw: string | null): DiffPair | null {
  if (raw === null || !/^\d-\d$/.test(raw)) return null;
  const base = Number(raw[0]);
  const against = Number(raw[2]);
  return base !== against && base < VERSION_MAX && against < VERSION_MAX ? { base, against } : null;
}

export function parseView(params: URLSearchParams): ResultsView {
  const filters = (params.get("filter") ?? "")
    .split(",")
    .map((f) => f.trim())
    .filter((f): f is ResultFilter => isOneOf(RESULT_FILTERS, f));
  const tag = params.get("tag")?.trim().slice(0, TAG_MAX) || null;
  const tabRaw = params.get("tab") ?? "";
  return {
    // In the canonical order, once each: two links to the same view are the same string.
    filters: RESULT_FILTERS.filter((f) => filters.includes(f)),
    tag,
    sort: parseSort(params.get("sort")),
    dir: params.get("dir") === "desc" ? "desc" : "asc",
    question: parseIndex(params.get("q")),
    tab: isOneOf(RESULT_TABS, tabRaw) ? tabRaw : "questions",
    diff: parseDiff(params.get("diff")),
    scoring: parseScoring(params.get("scoring")),
  };
}

/** The view's parameters, defaults left out; other parameters of `base` are kept. */
export function writeView(view: ResultsView, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  const set = (name: string, value: string | null) => (value === null ? params.delete(name) : params.set(name, value));
  set("filter", view.filters.length ? RESULT_FILTERS.filter((f) => view.filters.includes(f)).join(",") : null);
  set("tag", view.tag);
  set("sort", view.sort.column === "question" ? null : formatSort(view.sort));
  set("dir", view.dir === "desc" ? "desc" : null);
  set("q", view.question === null ? null : String(view.question));
  set("tab", view.tab === "questions" ? null : view.tab);
  set("diff", view.diff ? `${view.diff.base}-${view.diff.against}` : null);
  set("scoring", view.scoring > 1 ? String(view.scoring) : null);
  return params;
}

/** One side of the diff's pair set to `version`; choosing the other side's version swaps the two (never a version against itself). */
export function chooseDiffSide(pair: DiffPair, side: keyof DiffPair, version: number): DiffPair {
  if (side === "base") return version === pair.against ? { base: version, against: pair.base } : { ...pair, base: version };
  return version === pair.base ? { base: pair.against, against: version } : { ...pair, against: version };
}

export function toggleFilter(view: ResultsView, filter: ResultFilter): ResultsView {
  const on = view.filters.includes(filter);
  return { ...view, filters: on ? view.filters.filter((f) => f !== filter) : [...view.filters, filter] };
}

/** A click on a column header: the same column flips its direction, another starts ascending. */
export function sortBy(view: ResultsView, sort: SortKey): ResultsView {
  const same = formatSort(sort) === formatSort(view.sort);
  return { ...view, sort, dir: same && view.dir === "asc" ? "desc" : "asc" };
}

const FLAG_OF: Record<ResultFilter, EvaluationQuestionFlag> = {
  failed: "failed_any",
  differ: "verdicts_differ",
  citations: "citations_changed",
  "same-answer": "same_answer_different_sources",
  errors: "error",
};

export function flagOf(filter: ResultFilter): EvaluationQuestionFlag {
  return FLAG_OF[filter];
}

/** The view's filter and order as the questions API takes them. */
export function listParams(view: ResultsView): QuestionListParams {
  return {
    flags: view.filters.map(flagOf),
    tag: view.tag ?? undefined,
    sort: view.sort.column === "question" ? "index" : view.sort.column,
    sort_version: view.sort.column === "question" ? 0 : view.sort.version,
    dir: view.dir,
    scoring: view.scoring,
  };
}

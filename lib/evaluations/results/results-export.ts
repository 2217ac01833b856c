import { EVAL_EXPORT_COLUMNS, type EvaluationResultVersion, type EvaluationRunHeader } from "@/lib/contract/bff/evaluation-results";
import { csvCell } from "../question-export";
import { itemVerdict } from "./question-rows";
import { itemCostSplit, type ItemGrid, type ResultQuestion, type StoredItem } from "./stored-item";

/** Per-item exports of a run's results: CSV (RFC 4180, formula-safe, as the question export) and JSON. */

type ExportRow = Record<(typeof EVAL_EXPORT_COLUMNS)[number], string | number | null | string[]>;

function exportRow(item: StoredItem, question: ResultQuestion, version: EvaluationResultVersion): ExportRow {
  const result = item.status === "done" ? item.result : null;
  const error = item.error ?? result?.error ?? null;
  const cost = itemCostSplit(item);
  return {
    question_index: item.question_index,
    question: question.question,
    tags: [...question.tags],
    version_index: item.version_index,
    version: version.label,
    repeat_index: item.repeat_index,
    status: item.status,
    verdict: itemVerdict(item),
    failed_checks: (item.checks ?? []).filter((check) => !check.passed).length,
    cost_usd: item.cost_usd,
    cost_tokens_usd: cost.tokens_usd,
    cost_web_search_usd: cost.web_search_usd,
    cost_judge_usd: cost.judge_usd,
    // The part of cost_usd that is reserves kept for calls whose cost nobody learned (the ledger's unknown entries).
    cost_unknown_usd: item.cost_unknown_usd ?? 0,
    latency_ms: result?.latency_ms ?? null,
    citation_count: result ? result.citations.length : null,
    cited_urls: result ? result.citations.map((c) => c.url) : [],
    error: error ? error.message : null,
    answer: result?.answer ?? null,
  };
}

/** Every stored item, question then version then repeat order. */
function* exportItems(grid: ItemGrid, questions: readonly ResultQuestion[], versions: readonly EvaluationResultVersion[]) {
  for (let q = 0; q < grid.questions; q++) {
    for (const version of versions) for (const item of grid.all(version.version_index, q)) yield { item, question: questions[q], version };
  }
}

function cellText(value: ExportRow[keyof ExportRow]): string {
  if (value === null) return "";
  if (Array.isArray(value)) return value.join("; ");
  // 12 significant digits: 0.005518749999999999 (a sum's float noise) prints as 0.00551875.
  if (typeof value === "number" && !Number.isInteger(value)) return String(Number(value.toPrecision(12)));
  return String(value);
}

const checkSpelling = (check: { kind: string; arg: string }) => (check.arg ? `${check.kind}:${check.arg}` : check.kind);

/** Every check the run's items carry, in first-seen order: one CSV column each ("check:min-length:5"). */
function checkColumns(grid: ItemGrid, questions: readonly ResultQuestion[], versions: readonly EvaluationResultVersion[]): string[] {
  const seen = new Set<string>();
  for (const { item } of exportItems(grid, questions, versions)) for (const check of item.checks ?? []) seen.add(checkSpelling(check));
  return [...seen];
}

/**
 * One CSV row per item, then a column per check: header row, CRLF line ends, lists joined with "; ", formula cells
 * neutralised. Line by line, so a server can send a large run's file as it is made (issue 36).
 */
export function* resultsCsvLines(grid: ItemGrid, questions: readonly ResultQuestion[], versions: readonly EvaluationResultVersion[]): Generator<string> {
  const checks = checkColumns(grid, questions, versions);
  yield `${[...EVAL_EXPORT_COLUMNS, ...checks.map((check) => csvCell(`check:${check}`))].join(",")}\r\n`;
  for (const { item, question, version } of exportItems(grid, questions, versions)) {
    const row = exportRow(item, question, version);
    // Each check's verdict on this item: pass, fail, or empty when it did not run here.
    const verdicts = new Map((item.checks ?? []).map((check) => [checkSpelling(check), check.passed ? "pass" : "fail"]));
    yield `${[...EVAL_EXPORT_COLUMNS.map((column) => csvCell(cellText(row[column]))), ...checks.map((check) => verdicts.get(check) ?? "")].join(",")}\r\n`;
  }
}

export function exportResultsCsv(grid: ItemGrid, questions: readonly ResultQuestion[], versions: readonly EvaluationResultVersion[]): string {
  return [...resultsCsvLines(grid, questions, versions)].join("");
}

/**
 * The same rows as JSON objects, with each item's citations (url, title) and check results: the text
 * JSON.stringify({ run, versions, items }, null, 2) writes, an item at a time (a server sends it as it is made).
 */
export function* resultsJsonParts(run: EvaluationRunHeader, grid: ItemGrid, questions: readonly ResultQuestion[], versions: readonly EvaluationResultVersion[]): Generator<string> {
  const head = JSON.stringify({ run, versions, items: [] }, null, 2);
  const open = head.lastIndexOf("[]");
  let first = true;
  for (const { item, question, version } of exportItems(grid, questions, versions)) {
    const entry = {
      ...exportRow(item, question, version),
      citations: (item.status === "done" ? (item.result?.citations ?? []) : []).map((c) => ({ url: c.url, title: c.title ?? null })),
      checks: item.checks ?? [],
    };
    // Indented as the items of the whole document are: two levels deep.
    yield `${first ? `${head.slice(0, open)}[\n` : ",\n"}    ${JSON.stringify(entry, null, 2).replace(/\n/g, "\n    ")}`;
    first = false;
  }
  yield first ? `${head}\n` : `\n  ]${head.slice(open + 2)}\n`;
}

export function exportResultsJson(run: EvaluationRunHeader, grid: ItemGrid, questions: readonly ResultQuestion[], versions: readonly EvaluationResultVersion[]): string {
  return [...resultsJsonParts(run, grid, questions, versions)].join("");
}

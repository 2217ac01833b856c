import { startsLikeFormula, type QuestionRow } from "./questions";

/** The CSV columns, in the order the import also accepts. */
/** @public API of lib/evaluations for the runner, pages and CLI. */
export const CSV_COLUMNS = ["question", "expected", "tags", "allowed_domains", "time_sensitive"] as const;

/**
 * One CSV cell: a leading apostrophe when a spreadsheet would run it as a formula (= + - @ tab
 * CR; the import removes it again), then RFC 4180 quoting when it holds a comma, quote, line
 * break or edge space.
 */
/** @public API of lib/evaluations for the runner, pages and CLI. */
export function csvCell(value: string): string {
  const safe = startsLikeFormula(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The CSV's columns: `checks` and one `vars.<name>` column per variable only when some row has them (older sets
 * export as before). One pass over the rows, before the lines are made.
 */
export interface QuestionCsvLayout {
  withChecks: boolean;
  varNames: string[];
}

export function questionCsvLayout(rows: readonly QuestionRow[]): QuestionCsvLayout {
  return { withChecks: rows.some((row) => (row.checks ?? []).length > 0), varNames: [...new Set(rows.flatMap((row) => Object.keys(row.vars ?? {})))].sort() };
}

/** The CSV file's header line, without its line end. */
export function questionCsvHeader(layout: QuestionCsvLayout): string {
  return [...CSV_COLUMNS, ...(layout.withChecks ? ["checks"] : []), ...layout.varNames.map((name) => `vars.${name}`)].join(",");
}

/** One row as a CSV line, without its line end; lists joined with "; ". */
export function questionCsvLine(row: QuestionRow, layout: QuestionCsvLayout): string {
  return [
    row.question,
    row.expected ?? "",
    row.tags.join("; "),
    row.allowed_domains.join("; "),
    row.time_sensitive ? "true" : "false",
    // JSON keeps a spelling holding `;` intact.
    ...(layout.withChecks ? [(row.checks ?? []).length === 0 ? "" : JSON.stringify(row.checks)] : []),
    ...layout.varNames.map((name) => row.vars?.[name] ?? ""),
  ]
    .map(csvCell)
    .join(",");
}

/** RFC 4180: a header row, CRLF line ends. */
export function exportQuestionsCsv(rows: readonly QuestionRow[]): string {
  const layout = questionCsvLayout(rows);
  return `${[questionCsvHeader(layout), ...rows.map((row) => questionCsvLine(row, layout))].join("\r\n")}\r\n`;
}

/** One row as a JSON object on a line of its own (without its line end), keys in a fixed order, `expected` left out when absent. */
export function questionJsonlLine(row: QuestionRow): string {
  return JSON.stringify({
    question: row.question,
    ...(row.expected === undefined ? {} : { expected: row.expected }),
    tags: row.tags,
    allowed_domains: row.allowed_domains,
    time_sensitive: row.time_sensitive,
    ...((row.checks ?? []).length === 0 ? {} : { checks: row.checks }),
    ...(Object.keys(row.vars ?? {}).length === 0 ? {} : { vars: row.vars }),
  });
}

/** One JSON object per line. */
export function exportQuestionsJsonl(rows: readonly QuestionRow[]): string {
  return rows.map((row) => `${questionJsonlLine(row)}\n`).join("");
}

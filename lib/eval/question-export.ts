import { startsLikeFormula, type QuestionRow } from "./questions";

/** The CSV columns, in the order the import also accepts. */
/** @public API of lib/eval for the runner, pages and CLI. */
export const CSV_COLUMNS = ["question", "expected", "tags", "allowed_domains", "time_sensitive"] as const;

/**
 * One CSV cell: a leading apostrophe when a spreadsheet would run it as a formula (= + - @ tab
 * CR; the import removes it again), then RFC 4180 quoting when it holds a comma, quote, line
 * break or edge space.
 */
/** @public API of lib/eval for the runner, pages and CLI. */
export function csvCell(value: string): string {
  const safe = startsLikeFormula(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV file's header line, without its line end. */
export const CSV_HEADER = CSV_COLUMNS.join(",");

/** One row as a CSV line, without its line end; lists joined with "; ". */
export function questionCsvLine(row: QuestionRow): string {
  return [row.question, row.expected ?? "", row.tags.join("; "), row.allowed_domains.join("; "), row.time_sensitive ? "true" : "false"].map(csvCell).join(",");
}

/** RFC 4180: a header row, CRLF line ends. */
export function exportQuestionsCsv(rows: readonly QuestionRow[]): string {
  return `${[CSV_HEADER, ...rows.map(questionCsvLine)].join("\r\n")}\r\n`;
}

/** One row as a JSON object on a line of its own (without its line end), keys in a fixed order, `expected` left out when absent. */
export function questionJsonlLine(row: QuestionRow): string {
  return JSON.stringify({
    question: row.question,
    ...(row.expected === undefined ? {} : { expected: row.expected }),
    tags: row.tags,
    allowed_domains: row.allowed_domains,
    time_sensitive: row.time_sensitive,
  });
}

/** One JSON object per line. */
export function exportQuestionsJsonl(rows: readonly QuestionRow[]): string {
  return rows.map((row) => `${questionJsonlLine(row)}\n`).join("");
}

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

/** RFC 4180: a header row, CRLF line ends; lists joined with "; ". */
export function exportQuestionsCsv(rows: readonly QuestionRow[]): string {
  // `checks` and one `vars.<name>` column per variable only when some row has them: older sets export as before.
  const withChecks = rows.some((row) => (row.checks ?? []).length > 0);
  const varNames = [...new Set(rows.flatMap((row) => Object.keys(row.vars ?? {})))].sort();
  const lines = [[...CSV_COLUMNS, ...(withChecks ? ["checks"] : []), ...varNames.map((name) => `vars.${name}`)].join(",")];
  for (const row of rows) {
    lines.push(
      [
        row.question,
        row.expected ?? "",
        row.tags.join("; "),
        row.allowed_domains.join("; "),
        row.time_sensitive ? "true" : "false",
        // JSON keeps a spelling holding `;` intact.
        ...(withChecks ? [(row.checks ?? []).length === 0 ? "" : JSON.stringify(row.checks)] : []),
        ...varNames.map((name) => row.vars?.[name] ?? ""),
      ]
        .map(csvCell)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** One JSON object per line, keys in a fixed order, `expected` left out when absent. */
export function exportQuestionsJsonl(rows: readonly QuestionRow[]): string {
  return rows
    .map((row) =>
      JSON.stringify({
        question: row.question,
        ...(row.expected === undefined ? {} : { expected: row.expected }),
        tags: row.tags,
        allowed_domains: row.allowed_domains,
        time_sensitive: row.time_sensitive,
        ...((row.checks ?? []).length === 0 ? {} : { checks: row.checks }),
        ...(Object.keys(row.vars ?? {}).length === 0 ? {} : { vars: row.vars }),
      }),
    )
    .map((line) => `${line}\n`)
    .join("");
}

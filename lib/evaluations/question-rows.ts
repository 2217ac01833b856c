import { failed, type ImportResult, type RowErrorCollector } from "./import-errors";
import { QuestionRowSchema, type QuestionRow } from "./questions";

/**
 * One row of a question file, as read (CSV cells or a JSON object), checked: kept in `rows`, or its issues in
 * `errors`. The one place every format's rows are checked. `readable: false` when reading the row already found a
 * problem (and reported it): the rest of the row is still checked, so a row's every error shows at once.
 */
export function addQuestionRow(rows: QuestionRow[], errors: RowErrorCollector, line: number, row: unknown, readable = true): void {
  const parsed = QuestionRowSchema.safeParse(row);
  if (!parsed.success) errors.addZodIssues(line, parsed.error.issues);
  else if (readable) rows.push(parsed.data);
}

/** The end of an import, whatever the format: all or nothing, and a file without a question is an error. */
export function importOutcome(rows: QuestionRow[], errors: RowErrorCollector): ImportResult<QuestionRow> {
  if (errors.count > 0) return failed(errors);
  if (rows.length === 0) return { ok: false, errors: [{ line: 1, field: "file", message: "has no questions" }], error_count: 1 };
  return { ok: true, rows };
}

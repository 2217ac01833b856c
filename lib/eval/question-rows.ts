import { failed, type ImportResult, type RowErrorCollector } from "./import-errors";
import { QuestionRowSchema, type QuestionRow } from "./questions";

/** One row of a question file, as read (CSV cells or a JSON object), checked: kept in `rows`, or its issues in `errors`. */
export function addQuestionRow(rows: QuestionRow[], errors: RowErrorCollector, line: number, row: unknown): void {
  const parsed = QuestionRowSchema.safeParse(row);
  if (parsed.success) rows.push(parsed.data);
  else errors.addZodIssues(line, parsed.error.issues);
}

/** The end of an import, whatever the format: all or nothing, and a file without a question is an error. */
export function importOutcome(rows: QuestionRow[], errors: RowErrorCollector): ImportResult<QuestionRow> {
  if (errors.count > 0) return failed(errors);
  if (rows.length === 0) return { ok: false, errors: [{ line: 1, field: "file", message: "has no questions" }], error_count: 1 };
  return { ok: true, rows };
}

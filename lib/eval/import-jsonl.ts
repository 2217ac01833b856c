import { isRecord } from "@/lib/json/is-record";
import { RowErrorCollector, failed, type ImportResult } from "./import-errors";
import { QUESTION_LIMITS, QuestionRowSchema, type QuestionRow } from "./questions";

/** JSONL: one question object per line; blank lines are skipped; line numbers count every line. */
export function importQuestionsJsonl(text: string): ImportResult<QuestionRow> {
  const errors = new RowErrorCollector();
  const rows: QuestionRow[] = [];
  const lines = text.split(/\r\n|\n|\r/);
  let count = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const line = i + 1;
    const raw = lines[i];
    if (raw.trim() === "") continue;
    count += 1;
    if (count > QUESTION_LIMITS.rowsMax) {
      errors.add({ line, field: "file", message: `has more than ${QUESTION_LIMITS.rowsMax} questions` });
      break;
    }
    if (raw.length > QUESTION_LIMITS.lineMaxChars) {
      errors.add({ line, field: "row", message: `is longer than ${QUESTION_LIMITS.lineMaxChars} characters` });
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      errors.add({ line, field: "row", message: `is not valid JSON (${error instanceof Error ? error.message : String(error)})` });
      continue;
    }
    if (!isRecord(value)) {
      errors.add({ line, field: "row", message: "must be a JSON object" });
      continue;
    }
    const parsed = QuestionRowSchema.safeParse(value);
    if (parsed.success) rows.push(parsed.data);
    else errors.addZodIssues(line, parsed.error.issues);
  }
  if (errors.count > 0) return failed(errors);
  if (rows.length === 0) return { ok: false, errors: [{ line: 1, field: "file", message: "has no questions" }], error_count: 1 };
  return { ok: true, rows };
}

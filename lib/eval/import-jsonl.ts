import { isRecord } from "@/lib/json/is-record";
import { RowErrorCollector, type ImportResult } from "./import-errors";
import { addQuestionRow, importOutcome } from "./question-rows";
import { QUESTION_LIMITS, type QuestionRow } from "./questions";

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
    addQuestionRow(rows, errors, line, value);
  }
  return importOutcome(rows, errors);
}

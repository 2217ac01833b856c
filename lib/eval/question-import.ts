import type { ImportResult } from "./import-errors";
import { importQuestionsCsv } from "./import-csv";
import { importQuestionsJsonl } from "./import-jsonl";
import type { QuestionFileFormat } from "./question-file-format";
import { QUESTION_LIMITS, type QuestionRow } from "./questions";


function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * Imports a question file all or nothing: every row is checked, and when any is bad no row is
 * returned, only the errors (`{ line, field, message }`, the first 100 listed, all counted).
 */
export function importQuestions(text: string, format: QuestionFileFormat): ImportResult<QuestionRow> {
  // Every character is at least one byte: a text this long is over the limit without encoding it.
  if (text.length > QUESTION_LIMITS.fileMaxBytes || utf8Length(text) > QUESTION_LIMITS.fileMaxBytes) {
    return { ok: false, errors: [{ line: 1, field: "file", message: `is larger than ${QUESTION_LIMITS.fileMaxBytes / (1024 * 1024)} MiB` }], error_count: 1 };
  }
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  return format === "csv" ? importQuestionsCsv(body) : importQuestionsJsonl(body);
}

import { FileTooLargeError, limitedText, textSlices } from "./import-chunks";
import type { ImportResult } from "./import-errors";
import { importQuestionsCsv } from "./import-csv";
import { importQuestionsJsonl } from "./import-jsonl";
import type { QuestionFileFormat } from "./question-file-format";
import { QUESTION_LIMITS, type QuestionRow } from "./questions";

/**
 * Imports a question file all or nothing: every row is checked, and when any is bad no row is returned, only the
 * errors (`{ line, field, message }`, the first 100 listed, all counted; a row's every error, not only its first).
 * Streamed: `source` is the file's text, or its chunks as they arrive (a request body), read a chunk at a time with
 * the event loop given turns between them; reading stops at the first row past QUESTION_LIMITS.rowsMax or the first
 * byte past QUESTION_LIMITS.fileMaxBytes, so the rest of an oversize file is never read.
 */
export async function importQuestions(source: string | AsyncIterable<string | Uint8Array>, format: QuestionFileFormat): Promise<ImportResult<QuestionRow>> {
  const chunks = limitedText(typeof source === "string" ? textSlices(source) : source, QUESTION_LIMITS.fileMaxBytes);
  try {
    return await (format === "csv" ? importQuestionsCsv(chunks) : importQuestionsJsonl(chunks));
  } catch (error) {
    if (!(error instanceof FileTooLargeError)) throw error;
    return { ok: false, errors: [{ line: 1, field: "file", message: error.message }], error_count: 1 };
  }
}

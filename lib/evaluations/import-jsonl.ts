import { isRecord } from "@/lib/json/is-record";
import { lfOnly, yieldToLoop } from "./import-chunks";
import { RowErrorCollector, type ImportResult } from "./import-errors";
import { addQuestionRow, importOutcome } from "./question-rows";
import { QUESTION_LIMITS, type QuestionRow } from "./questions";

/** Lines handled between two turns given to the event loop. */
const LINES_PER_TURN = 200;

/**
 * The lines of a text arriving in chunks, each with its 1-based number. A line longer than `maxChars` is not kept
 * whole: its first `maxChars + 1` characters stand for it (enough to say it is too long), so one line without a
 * break cannot fill memory.
 */
async function* linesOf(chunks: AsyncIterable<string>, maxChars: number): AsyncGenerator<{ line: number; text: string }> {
  let line = 1;
  let current = "";
  const keep = (chunk: string, start: number, end: number) => {
    if (current.length <= maxChars) current += chunk.slice(start, Math.min(end, start + maxChars + 1 - current.length));
  };
  for await (const chunk of lfOnly(chunks)) {
    let start = 0;
    for (let end = chunk.indexOf("\n"); end >= 0; end = chunk.indexOf("\n", start)) {
      keep(chunk, start, end);
      yield { line, text: current };
      line += 1;
      current = "";
      start = end + 1;
    }
    keep(chunk, start, chunk.length);
  }
  yield { line, text: current };
}

/**
 * JSONL: one question object per line; blank lines are skipped; line numbers count every line. Read line by line
 * as the chunks come; stops at the first question past QUESTION_LIMITS.rowsMax (the rest is never read).
 */
export async function importQuestionsJsonl(chunks: AsyncIterable<string>): Promise<ImportResult<QuestionRow>> {
  const errors = new RowErrorCollector();
  const rows: QuestionRow[] = [];
  let count = 0;
  let seen = 0;
  for await (const { line, text: raw } of linesOf(chunks, QUESTION_LIMITS.lineMaxChars)) {
    seen += 1;
    if (seen % LINES_PER_TURN === 0) await yieldToLoop();
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

import { parse, type CsvError, type Options } from "csv-parse";
import { lfOnly, yieldToLoop } from "./import-chunks";
import { RowErrorCollector, failed, type ImportResult } from "./import-errors";
import { applyExtraCell, extraColumn, extraColumnKey, type ExtraColumn } from "./question-extra-columns";
import { addQuestionRow, importOutcome } from "./question-rows";
import { QUESTION_LIMITS, parseBooleanCell, splitListCell, unneutralizeCell, type QuestionRow } from "./questions";

/*
 * CSV import, streamed: csv-parse's stream API reads the file a chunk at a time and the import stops at the first
 * record past the row limit (issue 36: a million-row file was parsed whole before its refusal, freezing everyone
 * for seconds). csv-parse's parser is a Node stream, so this module runs on the server or in the CLI (the dashboard
 * uploads the file to the BFF); every other module of lib/evaluations is browser-safe.
 */

/** Records handled between two turns given to the event loop. */
const RECORDS_PER_TURN = 200;

const COLUMNS = ["question", "expected", "tags", "allowed_domains", "time_sensitive"] as const;
/** A fixed column, or `checks` / `vars.<name>` (question-extra-columns.ts). */
type Column = (typeof COLUMNS)[number] | ExtraColumn;

function columnKey(column: Column): string {
  return typeof column === "string" ? column : extraColumnKey(column);
}

/** "Allowed domains", "allowed-domains" and "allowed_domains" name the same column. */
function columnName(header: string): string {
  return header.trim().toLowerCase().replace(/[\s-]+/g, "_");
}

function isColumn(name: string): name is (typeof COLUMNS)[number] {
  return (COLUMNS as readonly string[]).includes(name);
}

interface ParsedRecord {
  record: string[];
  info: { lines: number };
  raw: string;
}

/**
 * The line a record starts on. csv-parse reports the line it ends on; the raw text tells how
 * many line breaks the record spans (quoted multi-line cells) and how many skipped blank lines
 * precede it.
 */
function startLine(parsed: ParsedRecord): number {
  const body = parsed.raw.replace(/^\n+/, "").replace(/\n$/, "");
  let breaks = 0;
  for (let i = body.indexOf("\n"); i >= 0; i = body.indexOf("\n", i + 1)) breaks += 1;
  return parsed.info.lines - breaks;
}

function readHeader(cells: string[], errors: RowErrorCollector): Column[] | null {
  const columns: Column[] = [];
  const before = errors.count;
  for (const cell of cells) {
    const name = columnName(cell);
    const column: Column | null = isColumn(name) ? name : extraColumn(name, cell);
    if (column === null) {
      errors.add({ line: 1, field: "header", message: `column "${cell.trim()}" is not one of ${COLUMNS.join(", ")}, checks or vars.<name>` });
    } else if (columns.some((seen) => columnKey(seen) === columnKey(column))) {
      errors.add({ line: 1, field: "header", message: `column "${columnKey(column)}" appears twice` });
    } else {
      columns.push(column);
    }
  }
  if (!columns.includes("question")) errors.add({ line: 1, field: "header", message: 'must have a "question" column' });
  return errors.count === before ? columns : null;
}

/** A row's cells as an object for the schema; a cell no schema can read (a bad boolean) is reported here and left out. */
function rowObject(columns: Column[], cells: string[], line: number, errors: RowErrorCollector): { row: Record<string, unknown>; ok: boolean } {
  const row: Record<string, unknown> = {};
  let ok = true;
  columns.forEach((column, i) => {
    const cell = unneutralizeCell(cells[i] ?? "");
    if (typeof column !== "string") {
      ok = applyExtraCell(row, column, cell, line, errors) && ok;
      return;
    }
    switch (column) {
      case "question":
        row.question = cell;
        break;
      case "expected":
        if (cell.trim() !== "") row.expected = cell;
        break;
      case "tags":
      case "allowed_domains":
        row[column] = splitListCell(cell);
        break;
      case "time_sensitive": {
        const value = parseBooleanCell(cell);
        if (value === null) {
          errors.add({ line, field: column, message: `must be true/false, yes/no or 1/0, not "${cell.trim().slice(0, 40)}"` });
          ok = false;
        } else row.time_sensitive = value;
        break;
      }
    }
  });
  return { row, ok };
}

/**
 * The records of a CSV arriving in chunks, parsed by csv-parse's stream API a chunk at a time (the event loop given
 * a turn after each). Stopping early (the caller's loop breaks) destroys the parser and stops reading `chunks`.
 */
async function* csvRecords(chunks: AsyncIterable<string>, options: Options): AsyncGenerator<ParsedRecord> {
  const parser = parse(options);
  let queue: ParsedRecord[] = [];
  let failure: unknown = null;
  parser.on("data", (record: ParsedRecord) => queue.push(record));
  const ended = new Promise<void>((resolve) => {
    parser.once("end", resolve);
    parser.once("error", (error) => {
      failure = error;
      resolve();
    });
  });
  const drain = () => {
    const batch = queue;
    queue = [];
    return batch;
  };
  try {
    for await (const chunk of lfOnly(chunks)) {
      parser.write(chunk);
      await yieldToLoop();
      if (failure) throw failure;
      yield* drain();
    }
    parser.end();
    await ended;
    if (failure) throw failure;
    yield* drain();
  } finally {
    parser.destroy();
  }
}

/**
 * CSV with a header row; `;`- or `,`-separated lists in the tags and allowed_domains cells. Reads `chunks` as they
 * come and stops at the first record past QUESTION_LIMITS.rowsMax (the rest is never read); throws what the source
 * throws (FileTooLargeError).
 */
export async function importQuestionsCsv(chunks: AsyncIterable<string>): Promise<ImportResult<QuestionRow>> {
  const errors = new RowErrorCollector();
  let lastSkippedLine = 0;
  const records = csvRecords(chunks, {
    info: true,
    raw: true,
    relax_column_count: true,
    skip_empty_lines: true,
    // The parser's buffer for one record is bounded too (a quote never closed would otherwise take the whole file).
    max_record_size: QUESTION_LIMITS.lineMaxChars,
    // A malformed record (a stray quote) is reported and skipped so the rest is still checked.
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      // One stray quote can trip the parser twice on the same line: report the line once.
      const line = typeof error?.lines === "number" ? error.lines : 1;
      if (!error || line === lastSkippedLine) return;
      lastSkippedLine = line;
      errors.add({ line, field: "row", message: `is not valid CSV: ${error.message.replace(/^[^:]*: /, "")}` });
    },
  });

  let columns: Column[] | null | undefined;
  let count = 0;
  const rows: QuestionRow[] = [];
  try {
    for await (const parsed of records) {
      count += 1;
      if (count % RECORDS_PER_TURN === 0) await yieldToLoop();
      if (columns === undefined) {
        columns = readHeader(parsed.record, errors);
        if (columns === null) break;
        continue;
      }
      const header = columns;
      if (!header) break;
      const line = startLine(parsed);
      if (count - 1 > QUESTION_LIMITS.rowsMax) {
        errors.add({ line, field: "file", message: `has more than ${QUESTION_LIMITS.rowsMax} questions` });
        break;
      }
      if (parsed.raw.length > QUESTION_LIMITS.lineMaxChars) {
        errors.add({ line, field: "row", message: `is longer than ${QUESTION_LIMITS.lineMaxChars} characters` });
        continue;
      }
      if (parsed.record.length !== header.length) {
        errors.add({ line, field: "row", message: `has ${parsed.record.length} cells, the header has ${header.length}` });
        continue;
      }
      const { row, ok } = rowObject(header, parsed.record, line, errors);
      addQuestionRow(rows, errors, line, row, ok);
    }
  } catch (error) {
    // What the source threw (the file is over the byte limit) is the caller's to report; a CSV error is the file's.
    const csvError = error as Partial<CsvError>;
    if (typeof csvError.code !== "string" || !csvError.code.startsWith("CSV_")) throw error;
    errors.add({ line: typeof csvError.lines === "number" ? csvError.lines : 1, field: "file", message: `is not valid CSV (${csvError.message ?? String(error)})` });
    return failed(errors);
  }
  if (columns === undefined) {
    errors.add({ line: 1, field: "file", message: "is empty (a header row and at least one question are needed)" });
    return failed(errors);
  }
  if (columns === null) return failed(errors);
  return importOutcome(rows, errors);
}

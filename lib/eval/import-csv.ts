import { parse, type CsvError } from "csv-parse/sync";
import { RowErrorCollector, failed, type ImportResult } from "./import-errors";
import { applyExtraCell, extraColumn, extraColumnKey, type ExtraColumn } from "./question-extra-columns";
import { addQuestionRow, importOutcome } from "./question-rows";
import { QUESTION_LIMITS, parseBooleanCell, splitListCell, unneutralizeCell, type QuestionRow } from "./questions";

/*
 * CSV import. csv-parse uses Node's Buffer, so this module runs on the server or in the CLI
 * (the dashboard uploads the file to the BFF); every other module of lib/eval is browser-safe.
 */

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

function rowObject(columns: Column[], cells: string[], line: number, errors: RowErrorCollector): Record<string, unknown> | null {
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
  return ok ? row : null;
}

/** CSV with a header row; `;`- or `,`-separated lists in the tags and allowed_domains cells. */
export function importQuestionsCsv(text: string): ImportResult<QuestionRow> {
  const errors = new RowErrorCollector();
  let lastSkippedLine = 0;
  let records: ParsedRecord[];
  try {
    records = parse(text.replace(/\r\n?/g, "\n"), {
      info: true,
      raw: true,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // A malformed record (a stray quote) is reported and skipped so the rest is still checked.
      skip_records_with_error: true,
      on_skip: (error: CsvError | undefined) => {
        // One stray quote can trip the parser twice on the same line: report the line once.
        const line = typeof error?.lines === "number" ? error.lines : 1;
        if (!error || line === lastSkippedLine) return;
        lastSkippedLine = line;
        errors.add({ line, field: "row", message: `is not valid CSV: ${error.message.replace(/^[^:]*: /, "")}` });
      },
    }) as unknown as ParsedRecord[];
  } catch (error) {
    const csvError = error as Partial<CsvError>;
    errors.add({ line: typeof csvError.lines === "number" ? csvError.lines : 1, field: "file", message: `is not valid CSV (${csvError.message ?? String(error)})` });
    return failed(errors);
  }
  if (records.length === 0) {
    errors.add({ line: 1, field: "file", message: "is empty (a header row and at least one question are needed)" });
    return failed(errors);
  }
  const columns = readHeader(records[0].record, errors);
  if (columns === null) return failed(errors);
  if (records.length - 1 > QUESTION_LIMITS.rowsMax) {
    errors.add({ line: startLine(records[QUESTION_LIMITS.rowsMax + 1]), field: "file", message: `has more than ${QUESTION_LIMITS.rowsMax} questions` });
    return failed(errors);
  }

  const rows: QuestionRow[] = [];
  for (const parsed of records.slice(1)) {
    const line = startLine(parsed);
    if (parsed.raw.length > QUESTION_LIMITS.lineMaxChars) {
      errors.add({ line, field: "row", message: `is longer than ${QUESTION_LIMITS.lineMaxChars} characters` });
      continue;
    }
    if (parsed.record.length !== columns.length) {
      errors.add({ line, field: "row", message: `has ${parsed.record.length} cells, the header has ${columns.length}` });
      continue;
    }
    const row = rowObject(columns, parsed.record, line, errors);
    if (row === null) continue;
    addQuestionRow(rows, errors, line, row);
  }
  return importOutcome(rows, errors);
}

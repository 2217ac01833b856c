import type { QuestionRow, QuestionRowInput } from "@/lib/evaluations/questions";

/**
 * The question-set editor's model: rows as the form holds them (lists as "a; b" text), turned into the
 * rows the API takes, and the API's field errors placed on the row and field they name. Pure and free of
 * zod values, so the editor's first load does not carry the schema: the server checks every row on save.
 */

export interface DraftRow {
  /** Stable across edits and removals, so React keeps each row's inputs and errors stay on their row. */
  key: number;
  question: string;
  expected: string;
  tags: string;
  domains: string;
  timeSensitive: boolean;
  /** The row's own checks and vars: not edited here (the file import sets them), kept as they are on save. */
  checks?: readonly string[];
  vars?: Readonly<Record<string, string>>;
}

export type DraftField = "question" | "expected" | "tags" | "allowed_domains" | "time_sensitive";

export const FIELD_LABELS: Readonly<Record<DraftField, string>> = {
  question: "Question",
  expected: "Expected facts",
  tags: "Tags",
  allowed_domains: "Allowed domains",
  time_sensitive: "Time-sensitive",
};

/** Rows shown per page: a set holds up to 10,000, and only one page of inputs is ever mounted. */
export const ROWS_PER_PAGE = 50;

/** A list cell ("a; b, c"): `;` or `,` separated, blanks dropped, as lib/evaluations' CSV import reads it. */
function splitList(cell: string): string[] {
  return cell
    .split(/[;,]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

export function emptyRow(key: number): DraftRow {
  return { key, question: "", expected: "", tags: "", domains: "", timeSensitive: false };
}

export function draftFromRows(rows: readonly QuestionRow[]): DraftRow[] {
  return rows.map((row, key) => ({
    key,
    question: row.question,
    expected: row.expected ?? "",
    tags: row.tags.join("; "),
    domains: row.allowed_domains.join("; "),
    timeSensitive: row.time_sensitive,
    ...(row.checks === undefined ? {} : { checks: row.checks }),
    ...(row.vars === undefined ? {} : { vars: row.vars }),
  }));
}

/** The rows the API takes; an empty "expected" is left out rather than stored as "". */
export function rowsFromDraft(drafts: readonly DraftRow[]): QuestionRowInput[] {
  return drafts.map((draft) => ({
    question: draft.question,
    ...(draft.expected.trim() === "" ? {} : { expected: draft.expected }),
    tags: splitList(draft.tags),
    allowed_domains: splitList(draft.domains),
    time_sensitive: draft.timeSensitive,
    ...(draft.checks === undefined ? {} : { checks: [...draft.checks] }),
    ...(draft.vars === undefined ? {} : { vars: { ...draft.vars } }),
  }));
}

export function updateRow(drafts: readonly DraftRow[], key: number, patch: Partial<Omit<DraftRow, "key">>): DraftRow[] {
  return drafts.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft));
}

export function removeRow(drafts: readonly DraftRow[], key: number): DraftRow[] {
  return drafts.filter((draft) => draft.key !== key);
}

/** The next key no row has. */
export function nextKey(drafts: readonly DraftRow[]): number {
  let max = -1;
  for (const draft of drafts) if (draft.key > max) max = draft.key;
  return max + 1;
}

/** The 0-based page a row index falls on. */
export function pageOf(index: number): number {
  return Math.floor(index / ROWS_PER_PAGE);
}

export type RowErrors = Partial<Record<DraftField, string>>;

export interface PlacedErrors {
  /** By row key: each field's message, worded with the field's label ("Question is required"). */
  byRow: Map<number, RowErrors>;
  /** Row numbers (1-based) with an error, in order, to say where to look. */
  rows: number[];
  /** What names no row (the set as a whole, the name, the base version). */
  other: string[];
}

const ROW_PATH = /^rows\[(\d+)\](?:\.([a-z_]+))?(?:\[(\d+)\])?/;

/**
 * Places the API's `{ path, message }` issues ("rows[3].tags[0]", "rows[3].tags[0] must not contain ';'")
 * on the rows of `drafts` they name, keyed by the row's key so they stay put when rows are added or removed.
 */
export function placeIssues(drafts: readonly DraftRow[], issues: readonly { path: string; message: string }[]): PlacedErrors {
  const byRow = new Map<number, RowErrors>();
  const rows = new Set<number>();
  const other: string[] = [];
  for (const issue of issues) {
    const match = ROW_PATH.exec(issue.path);
    const index = match ? Number(match[1]) : -1;
    const field = match?.[2] as DraftField | undefined;
    const draft = drafts[index];
    if (!match || !draft || !field || !(field in FIELD_LABELS)) {
      other.push(issue.message);
      continue;
    }
    // The server words a message with its path ("rows[3].question is required"): say the field's name instead.
    const rest = issue.message.startsWith(issue.path) ? issue.message.slice(issue.path.length).replace(/^:?\s*/, "") : issue.message;
    const item = match[3] === undefined ? "" : ` (item ${Number(match[3]) + 1})`;
    const errors = byRow.get(draft.key) ?? {};
    const text = `${FIELD_LABELS[field]}${item} ${rest}`;
    errors[field] = errors[field] ? `${errors[field]}; ${text}` : text;
    byRow.set(draft.key, errors);
    rows.add(index + 1);
  }
  return { byRow, rows: [...rows].sort((a, b) => a - b), other };
}

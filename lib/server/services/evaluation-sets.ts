import "server-only";
import { randomUUID } from "node:crypto";
import type { CreateQuestionSetRequest, QuestionSetRowsPage, QuestionSetSaved, QuestionSetSummary, QuestionSetVersionBody, UpdateQuestionSetRequest } from "@/lib/contract/bff/evaluations";
import type { GatewayCharge } from "./gateway-charge";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { questionCsvHeader, questionCsvLayout, questionCsvLine, questionJsonlLine } from "@/lib/evaluations/question-export";
import { importQuestions } from "@/lib/evaluations/question-import";
import { QUESTION_LIMITS, type QuestionRow } from "@/lib/evaluations/questions";
import { appContext } from "../config/app-context";
import { QuestionSetVersionConflictError } from "../db/question-sets-store";
import { HttpError } from "../http/errors";
import { countOf } from "@/lib/format/count";
import type { QuestionFileFormat } from "@/lib/evaluations/question-file-format";
import { serverEnv } from "../config/env";
import { chargeUser } from "../config/user-limits";

/**
 * Question sets for the evaluation routes: the app database's versioned sets (question-sets-store.ts), rows
 * checked by lib/evaluations before they are stored. No gateway call.
 */

function notFound(id: string, version?: number): HttpError {
  return new HttpError(404, version === undefined ? `No question set ${id}` : `Question set ${id} has no version ${version}`);
}

/** A file to import: its text (a JSON request's `text`) or its bytes as they arrive (a request whose body is the file). */
export interface QuestionFile {
  format: QuestionFileFormat;
  source: string | AsyncIterable<Uint8Array>;
}

/**
 * A file's rows, imported all or nothing: 400 listing every bad row (each row's every error, the first 100 listed).
 * Streamed: reading stops at the row or byte limit. Each import takes one point of the user's own low import limit.
 */
async function importedRows(user: SessionUser, file: QuestionFile): Promise<QuestionRow[]> {
  await chargeUser((await appContext()).db, "imports", user.id);
  const imported = await importQuestions(file.source, file.format);
  if (!imported.ok) {
    const first = imported.errors[0];
    throw new HttpError(400, `The file has ${countOf(imported.error_count, "bad row")}; nothing was stored (line ${first.line}, ${first.field}: ${first.message})`, {
      metadata: {
        errors: imported.errors,
        error_count: imported.error_count,
        issues: imported.errors.map((error) => ({ path: "text", message: `line ${error.line}, ${error.field}: ${error.message}` })),
      },
    });
  }
  // Each row was checked as it was read, and the importer bounds their count: the rows are a question set.
  return imported.rows;
}

/** The rows a create or update request carries: its JSON rows, or its file imported. */
async function rowsOf(user: SessionUser, body: CreateQuestionSetRequest | UpdateQuestionSetRequest | QuestionFile): Promise<QuestionRow[]> {
  if ("rows" in body) return body.rows;
  return importedRows(user, "source" in body ? body : { format: body.format, source: body.text });
}

/** Refuses (413) rows that would take `user` past EVAL_MAX_QUESTION_ROWS_PER_USER, every version they stored counted. */
async function checkRowQuota(user: SessionUser, rows: number): Promise<void> {
  const limit = serverEnv().EVAL_MAX_QUESTION_ROWS_PER_USER;
  const stored = await (await appContext()).questionSets.rowsStoredBy(user.email);
  if (stored + rows <= limit) return;
  throw new HttpError(413, `You have ${stored.toLocaleString("en-US")} question rows stored (every version of your sets counted); ${rows.toLocaleString("en-US")} more would pass your limit of ${limit.toLocaleString("en-US")}. Ask an admin to delete sets you no longer need.`, {
    metadata: { setting: "EVAL_MAX_QUESTION_ROWS_PER_USER", limit_rows: limit, stored_rows: stored, rows },
  });
}

export async function listQuestionSets(): Promise<QuestionSetSummary[]> {
  return (await appContext()).questionSets.list();
}

/** Creates a set (version 1); answers its first version, described. */
export async function createQuestionSet(user: SessionUser, body: CreateQuestionSetRequest | (QuestionFile & { name: string; note?: string })): Promise<QuestionSetSaved> {
  const rows = await rowsOf(user, body);
  await checkRowQuota(user, rows.length);
  const id = randomUUID();
  await (await appContext()).questionSets.create({ id, name: body.name, rows, userEmail: user.email, note: body.note });
  return savedVersion(id, 1, rows);
}

/**
 * A version of a set (the newest when `version` is absent), with the set's newest version number, as the lines of
 * its JSON answer `{ data: QuestionSetVersionBody }`, made as the answer is read (issue 36: an editor's whole
 * 10,000-row version written as one string held the loop); 404 when there is none. The rows read through the cache.
 */
export async function readQuestionSet(id: string, version?: number): Promise<Iterable<string>> {
  const described = await (await appContext()).questionSets.describe(id, version);
  if (!described) throw notFound(id, version);
  const rows = await versionRows(id, described.version);
  if (!rows) throw notFound(id, version);
  const { row_count: _count, ...header } = described;
  return versionAnswer(header, rows);
}

function* versionAnswer(header: Omit<QuestionSetVersionBody, "rows">, rows: readonly QuestionRow[]): Generator<string> {
  const head = JSON.stringify({ data: { ...header, rows: [] } });
  // The header's JSON with its empty rows opened up: `...,"rows":[` then the rows, then `]}}`.
  yield head.slice(0, head.lastIndexOf("[]") + 1);
  for (let i = 0; i < rows.length; i++) yield `${i === 0 ? "" : ","}${JSON.stringify(rows[i])}`;
  yield head.slice(head.lastIndexOf("[]") + 1);
}

/**
 * Parsed rows of recent versions, by "set@version" (a version never changes once saved), so paging through a set
 * parses its stored JSON once rather than on every page. Bounded by rows held in all, the oldest entry evicted first.
 */
const PARSED_ROWS_MAX = 3 * QUESTION_LIMITS.rowsMax;
const parsedRows = new Map<string, readonly QuestionRow[]>();

async function versionRows(id: string, version: number): Promise<readonly QuestionRow[] | undefined> {
  const key = `${id}@${version}`;
  const cached = parsedRows.get(key);
  if (cached) {
    parsedRows.delete(key);
    parsedRows.set(key, cached);
    return cached;
  }
  const stored = await (await appContext()).questionSets.get<QuestionRow>(id, version);
  if (!stored) return undefined;
  rememberRows(key, stored.rows);
  return stored.rows;
}

function rememberRows(key: string, rows: readonly QuestionRow[]): void {
  parsedRows.set(key, rows);
  let held = 0;
  for (const kept of parsedRows.values()) held += kept.length;
  for (const [oldest, kept] of parsedRows) {
    if (held <= PARSED_ROWS_MAX || oldest === key) break;
    parsedRows.delete(oldest);
    held -= kept.length;
  }
}

/**
 * A version's description and one page of its rows (the newest version when `version` is absent): what the set page
 * reads, a page at a time. Charged one read of the user's limit, as an /api read is, whoever asks (route or page).
 */
export async function readQuestionSetRows(charge: GatewayCharge, id: string, query: { version?: number; offset: number; limit: number }): Promise<QuestionSetRowsPage> {
  await charge(1);
  const described = await (await appContext()).questionSets.describe(id, query.version);
  if (!described) throw notFound(id, query.version);
  const rows = await versionRows(id, described.version);
  if (!rows) throw notFound(id, query.version);
  return { ...described, offset: query.offset, limit: query.limit, rows: rows.slice(query.offset, query.offset + query.limit) };
}

/** A version's description without its rows (the newest when `version` is absent), or null: the set page's title. */
export async function describeQuestionSet(id: string): Promise<{ name: string } | null> {
  return (await (await appContext()).questionSets.describe(id)) ?? null;
}

/** Saves a new version on top of `base_version`: 409 naming the newest when someone saved meanwhile. */
export async function updateQuestionSet(
  user: SessionUser,
  id: string,
  body: UpdateQuestionSetRequest | (QuestionFile & { base_version: number; name?: string; note?: string }),
): Promise<QuestionSetSaved> {
  const store = (await appContext()).questionSets;
  if (!(await store.exists(id))) throw notFound(id);
  const rows = await rowsOf(user, body);
  await checkRowQuota(user, rows.length);
  let version: number;
  try {
    version = await store.addVersion({ id, baseVersion: body.base_version, rows, name: body.name, userEmail: user.email, note: body.note });
  } catch (error) {
    if (error instanceof QuestionSetVersionConflictError) {
      throw new HttpError(409, `${error.message} Reload it and apply your changes on top of version ${error.latest}.`, {
        metadata: { latest: error.latest, base_version: body.base_version, issues: [{ path: "base_version", message: `is not the newest version (${error.latest})` }] },
      });
    }
    throw error;
  }
  return savedVersion(id, version, rows);
}

/**
 * A version just saved, described with its row count and not its rows (issue 36: an answer echoing 10,000 rows held
 * the loop for everyone). The rows in hand start the page's cache, so its first page is not read and parsed back.
 */
async function savedVersion(id: string, version: number, rows: QuestionRow[]): Promise<QuestionSetSaved> {
  const described = await (await appContext()).questionSets.describe(id, version);
  if (!described) throw notFound(id, version);
  rememberRows(`${id}@${version}`, rows);
  return described;
}

export async function deleteQuestionSet(id: string): Promise<void> {
  if (!(await (await appContext()).questionSets.delete(id))) throw notFound(id);
}

/** The lines of a CSV export (header, then a row each, CRLF ends), made as the download is read. */
function* csvLines(rows: readonly QuestionRow[]): Generator<string> {
  const layout = questionCsvLayout(rows);
  yield `${questionCsvHeader(layout)}\r\n`;
  for (const row of rows) yield `${questionCsvLine(row, layout)}\r\n`;
}

function* jsonlLines(rows: readonly QuestionRow[]): Generator<string> {
  for (const row of rows) yield `${questionJsonlLine(row)}\n`;
}

/**
 * A version's rows as a CSV or JSONL file, with a file name made only of safe characters: its lines made as the
 * download is read (issue 36: a 10,000-row file built as one string held the loop), the rows read through the cache.
 */
export async function exportQuestionSet(id: string, version: number | undefined, format: "csv" | "jsonl"): Promise<{ lines: Iterable<string>; fileName: string; contentType: string }> {
  const set = await (await appContext()).questionSets.describe(id, version);
  if (!set) throw notFound(id, version);
  const rows = await versionRows(id, set.version);
  if (!rows) throw notFound(id, version);
  const base =
    set.name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^[-.]+|[-.]+$/g, "")
      .slice(0, 80) || "question-set";
  return format === "csv"
    ? { lines: csvLines(rows), fileName: `${base}-v${set.version}.csv`, contentType: "text/csv; charset=utf-8; header=present" }
    : { lines: jsonlLines(rows), fileName: `${base}-v${set.version}.jsonl`, contentType: "application/jsonl; charset=utf-8" };
}

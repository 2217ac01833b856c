import "server-only";
import { randomUUID } from "node:crypto";
import type { CreateQuestionSetRequest, QuestionSetSummary, QuestionSetVersionBody, UpdateQuestionSetRequest } from "@/lib/contract/bff/evaluations";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { exportQuestionsCsv, exportQuestionsJsonl } from "@/lib/eval/question-export";
import { importQuestions } from "@/lib/eval/question-import";
import { QuestionSetSchema, type QuestionRow } from "@/lib/eval/questions";
import { appContext } from "../config/app-context";
import { QuestionSetVersionConflictError } from "../db/question-sets-store";
import { HttpError } from "../http/errors";
import { countOf } from "@/lib/format/count";

/**
 * Question sets for the evaluation routes: the app database's versioned sets (question-sets-store.ts), rows
 * checked by lib/eval before they are stored. No gateway call.
 */

function notFound(id: string, version?: number): HttpError {
  return new HttpError(404, version === undefined ? `No question set ${id}` : `Question set ${id} has no version ${version}`);
}

/** The rows a create or update request carries: its JSON rows, or its file imported all or nothing (400 listing every bad row). */
function rowsOf(body: CreateQuestionSetRequest | UpdateQuestionSetRequest): QuestionRow[] {
  if ("rows" in body) return body.rows;
  const imported = importQuestions(body.text, body.format);
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
  const checked = QuestionSetSchema.safeParse(imported.rows);
  if (!checked.success) throw HttpError.badRequest(checked.error, "The file's questions are not a question set");
  return checked.data;
}

export async function listQuestionSets(): Promise<QuestionSetSummary[]> {
  return (await appContext()).questionSets.list();
}

/** Creates a set (version 1); answers its first version. */
export async function createQuestionSet(user: SessionUser, body: CreateQuestionSetRequest): Promise<QuestionSetVersionBody> {
  const rows = rowsOf(body);
  const id = randomUUID();
  await (await appContext()).questionSets.create({ id, name: body.name, rows, userEmail: user.email, note: body.note });
  return readQuestionSet(id);
}

/** A version of a set (the newest when `version` is absent), with the set's newest version number; 404 when there is none. */
export async function readQuestionSet(id: string, version?: number): Promise<QuestionSetVersionBody> {
  const store = (await appContext()).questionSets;
  const latest = await store.get<QuestionRow>(id);
  if (!latest) throw notFound(id);
  const wanted = version === undefined || version === latest.version ? latest : await store.get<QuestionRow>(id, version);
  if (!wanted) throw notFound(id, version);
  return { ...wanted, latest: latest.version };
}

/** Saves a new version on top of `base_version`: 409 naming the newest when someone saved meanwhile. */
export async function updateQuestionSet(user: SessionUser, id: string, body: UpdateQuestionSetRequest): Promise<QuestionSetVersionBody> {
  const store = (await appContext()).questionSets;
  if (!(await store.get(id))) throw notFound(id);
  const rows = rowsOf(body);
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
  return readQuestionSet(id, version);
}

export async function deleteQuestionSet(id: string): Promise<void> {
  if (!(await (await appContext()).questionSets.delete(id))) throw notFound(id);
}

/** A version's rows as a CSV or JSONL file, with a file name made only of safe characters. */
export async function exportQuestionSet(id: string, version: number | undefined, format: "csv" | "jsonl"): Promise<{ text: string; fileName: string; contentType: string }> {
  const set = await readQuestionSet(id, version);
  const base =
    set.name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^[-.]+|[-.]+$/g, "")
      .slice(0, 80) || "question-set";
  return format === "csv"
    ? { text: exportQuestionsCsv(set.rows), fileName: `${base}-v${set.version}.csv`, contentType: "text/csv; charset=utf-8; header=present" }
    : { text: exportQuestionsJsonl(set.rows), fileName: `${base}-v${set.version}.jsonl`, contentType: "application/jsonl; charset=utf-8" };
}

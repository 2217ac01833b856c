import "server-only";
import {
  CreateQuestionSetRequestSchema,
  EvaluationIdSchema,
  QUESTION_FILE_TYPES,
  QuestionSetFileQuerySchema,
  QuestionSetFileVersionQuerySchema,
  QuestionSetRowsQuerySchema,
  QuestionSetExportQuerySchema,
  QuestionSetVersionQuerySchema,
  UpdateQuestionSetRequestSchema,
} from "@/lib/contract/bff/evaluations";
import { QUESTION_LIMITS } from "@/lib/evaluations/questions";
import type { QuestionFileFormat } from "@/lib/evaluations/question-file-format";
import { streamChunks } from "@/lib/evaluations/import-chunks";
import { checkDeclaredLength, parseQuery, parseWith, readLargeJsonBody } from "../http/body";
import { API_HEADERS, HttpError, jsonResponse } from "../http/errors";
import { defineRoute, type IdParams } from "../http/route";
import { textStream } from "../http/text-stream";
import { parseSetBody } from "./question-set-body";
import {
  createQuestionSet,
  deleteQuestionSet,
  exportQuestionSet,
  listQuestionSets,
  readQuestionSet,
  readQuestionSetRows,
  updateQuestionSet,
  type QuestionFile,
} from "../services/evaluation-sets";
import { routeCharge } from "../services/gateway-charge";


/**
 * A question set's body: a file of at most 16 MiB as a JSON string (escaping can double it), or its rows as JSON
 * (a set's 10,000 rows of bounded cells fit in the same bound in practice; the schema checks each row).
 */
const SET_BODY_LIMIT = 2 * QUESTION_LIMITS.fileMaxBytes + 64 * 1024;

const setId = (raw: string) => parseWith(EvaluationIdSchema, raw, "Invalid question set id");

/** The format of a request whose body is a question file (by its Content-Type), or null for a JSON request. */
function fileFormatOf(request: Request): QuestionFileFormat | null {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  for (const [format, types] of Object.entries(QUESTION_FILE_TYPES) as [QuestionFileFormat, readonly string[]][]) if (types.includes(type)) return format;
  return null;
}

/** The request's body as a question file, read as the import consumes it (a declared length over the limit refused first). */
function fileOf(request: Request, format: QuestionFileFormat): QuestionFile {
  checkDeclaredLength(request, QUESTION_LIMITS.fileMaxBytes);
  if (!request.body) throw new HttpError(400, "Request body is required: send the CSV or JSONL file", { metadata: { issues: [{ path: "text", message: "is empty" }] } });
  return { format, source: streamChunks(request.body) };
}

/** GET /api/evaluations/question-sets: every set with its newest version's size, most recently changed first. */
export const listSets = defineRoute({ role: "viewer", limit: "gateway" }, async () => jsonResponse({ data: await listQuestionSets() }));

/**
 * POST /api/evaluations/question-sets: a new set from JSON rows, an imported CSV/JSONL text, or the file itself as the body
 * (streamed; name and note in the query), imported all or nothing. 201 with version 1 described (its row count, not its rows).
 */
export const createSet = defineRoute({ role: "editor", mutating: true, limit: "gateway" }, async ({ request, user }) => {
  const format = fileFormatOf(request);
  if (format) {
    const query = parseQuery(request, QuestionSetFileQuerySchema);
    return jsonResponse({ data: await createQuestionSet(user, { ...query, ...fileOf(request, format) }) }, { status: 201 });
  }
  const body = await parseSetBody(CreateQuestionSetRequestSchema, await readLargeJsonBody(request, SET_BODY_LIMIT, "rows"));
  return jsonResponse({ data: await createQuestionSet(user, body) }, { status: 201 });
});

/** GET /api/evaluations/question-sets/{id}?version=N: a version's rows (the newest without `version`). */
export const getSet = defineRoute<IdParams>({ role: "viewer", limit: "gateway" }, async ({ request, params }) => {
  const id = setId(params.id);
  const { version } = parseQuery(request, QuestionSetVersionQuerySchema);
  const answer = await readQuestionSet(id, version);
  return new Response(textStream(answer), { status: 200, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store", ...API_HEADERS } });
});

/** GET /api/evaluations/question-sets/{id}/rows?version=N&offset&limit: a version's description and one page of its rows. */
export const getSetRows = defineRoute<IdParams>({ role: "viewer", limit: "gateway" }, async ({ request, params, user }) => {
  const id = setId(params.id);
  const query = parseQuery(request, QuestionSetRowsQuerySchema);
  return jsonResponse({ data: await readQuestionSetRows(routeCharge(user.id), id, query) });
});

/** PUT /api/evaluations/question-sets/{id}: a new version on top of `base_version` (409 naming the newest when stale). */
export const updateSet = defineRoute<IdParams>({ role: "editor", mutating: true, limit: "gateway" }, async ({ request, params, user }) => {
  const id = setId(params.id);
  const format = fileFormatOf(request);
  if (format) {
    const query = parseQuery(request, QuestionSetFileVersionQuerySchema);
    return jsonResponse({ data: await updateQuestionSet(user, id, { ...query, ...fileOf(request, format) }) });
  }
  const body = await parseSetBody(UpdateQuestionSetRequestSchema, await readLargeJsonBody(request, SET_BODY_LIMIT, "rows"));
  return jsonResponse({ data: await updateQuestionSet(user, id, body) });
});

/** DELETE /api/evaluations/question-sets/{id}: the set with every version (admins); runs that used it keep their results. */
export const deleteSet = defineRoute<IdParams>({ role: "admin", mutating: true }, async ({ params }) => {
  await deleteQuestionSet(setId(params.id));
  return new Response(null, { status: 204, headers: API_HEADERS });
});

/** GET /api/evaluations/question-sets/{id}/export?format=csv|jsonl&version=N: a download the import reads back unchanged. */
export const exportSet = defineRoute<IdParams>({ role: "viewer", limit: "gateway" }, async ({ request, params }) => {
  const id = setId(params.id);
  const { version, format } = parseQuery(request, QuestionSetExportQuerySchema);
  const file = await exportQuestionSet(id, version, format);
  return new Response(textStream(file.lines), {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
      ...API_HEADERS,
    },
  });
});

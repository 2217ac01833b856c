import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiData, apiRequest } from "@/lib/client/api-client";
import { ROWS_PER_PAGE } from "@/lib/question-sets/draft";
import type { z } from "zod";
import type { CreateQuestionSetRequestSchema, QuestionSetSaved, UpdateQuestionSetRequestSchema } from "@/lib/contract/bff/evaluations";

/**
 * Query keys and calls of the question-set pages (GET/POST /api/evaluations/question-sets, GET/PUT/DELETE
 * /api/evaluations/question-sets/{id}, the export link). The schemas load with the first answer, not with the page.
 */

const schema =
  <K extends "QuestionSetListResponseSchema" | "QuestionSetVersionEnvelopeSchema" | "QuestionSetRowsPageEnvelopeSchema" | "QuestionSetSavedEnvelopeSchema">(name: K) =>
  () =>
    import("@/lib/contract/bff/evaluations").then((contract) => contract[name]);

/** What the browser sends: the schemas' input (a row's tags, domains and flag may be left out). */
type CreateBody = z.input<typeof CreateQuestionSetRequestSchema>;
type UpdateBody = z.input<typeof UpdateQuestionSetRequestSchema>;

const setPath = (id: string) => `/api/evaluations/question-sets/${encodeURIComponent(id)}`;

export const questionSetKeys = {
  all: ["question-sets"] as const,
  list: () => [...questionSetKeys.all, "list"] as const,
  detail: (id: string) => [...questionSetKeys.all, "detail", id] as const,
  /** `version` undefined: the newest. */
  version: (id: string, version: number | undefined) => [...questionSetKeys.detail(id), version ?? "latest"] as const,
  /** Every page of rows of the set, any version (what a save or an import makes stale). */
  rowPages: (id: string) => [...questionSetKeys.detail(id), "rows"] as const,
  rows: (id: string, version: number | undefined, page: number) => [...questionSetKeys.rowPages(id), version ?? "latest", page] as const,
};

export const questionSetQueries = {
  list: () =>
    queryOptions({
      queryKey: questionSetKeys.list(),
      queryFn: ({ signal }) => apiData("/api/evaluations/question-sets", schema("QuestionSetListResponseSchema"), { signal }),
    }),

  /**
   * A version's description and its `page`-th page of ROWS_PER_PAGE rows (the newest version when `version` is
   * undefined): what the set page shows, a page at a time; the page before stays shown while the next loads.
   */
  rows: (id: string, version: number | undefined, page: number) =>
    queryOptions({
      queryKey: questionSetKeys.rows(id, version, page),
      queryFn: ({ signal }) =>
        apiData(
          `${setPath(id)}/rows?offset=${page * ROWS_PER_PAGE}&limit=${ROWS_PER_PAGE}${version === undefined ? "" : `&version=${version}`}`,
          schema("QuestionSetRowsPageEnvelopeSchema"),
          { signal },
        ),
      staleTime: version === undefined ? undefined : Infinity,
      placeholderData: keepPreviousData,
    }),

  /** A version with all its rows: what the editor's draft starts from (editors only; the page reads pages of rows). */
  version: (id: string, version?: number) =>
    queryOptions({
      queryKey: questionSetKeys.version(id, version),
      queryFn: ({ signal }) =>
        apiData(`${setPath(id)}${version === undefined ? "" : `?version=${version}`}`, schema("QuestionSetVersionEnvelopeSchema"), { signal }),
      // A numbered version never changes; the newest does when someone saves.
      staleTime: version === undefined ? undefined : Infinity,
    }),
};

/** The download of a version as CSV or JSONL (a plain link: the browser saves it). */
export function questionSetExportHref(id: string, format: "csv" | "jsonl", version?: number): string {
  return `${setPath(id)}/export?format=${format}${version === undefined ? "" : `&version=${version}`}`;
}

export function createQuestionSet(body: CreateBody): Promise<QuestionSetSaved> {
  return apiData("/api/evaluations/question-sets", schema("QuestionSetSavedEnvelopeSchema"), { method: "POST", json: body });
}

/**
 * Imports a CSV or JSONL file as a new set, or as a new version of one: the file itself is the request's body (the
 * server reads it as it arrives and stops at the row or byte limit), the set's name and note in the query.
 */
export function importQuestionFile(
  file: Blob,
  format: "csv" | "jsonl",
  target: { kind: "new"; name: string } | { kind: "version"; setId: string; baseVersion: number; note: string },
): Promise<QuestionSetSaved> {
  const query = new URLSearchParams(target.kind === "new" ? { name: target.name } : { base_version: String(target.baseVersion), note: target.note });
  const path = target.kind === "new" ? "/api/evaluations/question-sets" : setPath(target.setId);
  return apiData(`${path}?${query}`, schema("QuestionSetSavedEnvelopeSchema"), {
    method: target.kind === "new" ? "POST" : "PUT",
    headers: { "content-type": format === "csv" ? "text/csv" : "application/jsonl" },
    body: file,
  });
}

/** A new version on top of `base_version` (409 when someone saved meanwhile). */
export function updateQuestionSet(id: string, body: UpdateBody): Promise<QuestionSetSaved> {
  return apiData(setPath(id), schema("QuestionSetSavedEnvelopeSchema"), { method: "PUT", json: body });
}

export async function deleteQuestionSet(id: string): Promise<void> {
  await apiRequest(setPath(id), { method: "DELETE" });
}

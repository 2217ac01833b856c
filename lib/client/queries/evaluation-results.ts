import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiData, apiFetch } from "@/lib/client/api-client";
import type * as Results from "@/lib/contract/bff/evaluation-results";
import type { EvaluationQuestionsListQuery, EvaluationRescoreRequest } from "@/lib/contract/bff/evaluation-results";

/**
 * Every BFF call of the evaluation results pages (/api/evaluations/runs/{id}/results..., rescore, designate, compare)
 * and their query keys. The schemas load with the first answer, not with the page (see lib/client/contract.ts).
 */

const enc = encodeURIComponent;

function schema<K extends keyof typeof Results>(name: K): () => Promise<(typeof Results)[K]> {
  return () => import("@/lib/contract/bff/evaluation-results").then((contract) => contract[name]);
}

/** The table's filter and sort as the API spells them; defaults left out so equal views share a cache entry. */
export type QuestionListParams = Partial<Pick<EvaluationQuestionsListQuery, "flags" | "tag" | "sort" | "sort_version" | "dir" | "scoring">>;

function listSearch(params: QuestionListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.scoring && params.scoring > 1) search.set("scoring", String(params.scoring));
  if (params.flags?.length) search.set("flags", params.flags.join(","));
  if (params.tag) search.set("tag", params.tag);
  if (params.sort && params.sort !== "index") search.set("sort", params.sort);
  if (params.sort_version) search.set("sort_version", String(params.sort_version));
  if (params.dir === "desc") search.set("dir", "desc");
  return search;
}

/** A question's detail: the list's filter and order (for prev / next) and the pair its citation diff compares. */
export type QuestionDetailParams = QuestionListParams & { diff?: { base: number; against: number } | null };

function detailSearch(params: QuestionDetailParams): URLSearchParams {
  const search = listSearch(params);
  if (params.diff) {
    search.set("base", String(params.diff.base));
    search.set("against", String(params.diff.against));
  }
  return search;
}

const QUESTIONS_PAGE = 200;
const runPath = (runId: string) => `/api/evaluations/runs/${enc(runId)}`;

export const resultKeys = {
  all: ["evaluation-results"] as const,
  run: (runId: string) => [...resultKeys.all, runId] as const,
  summary: (runId: string, scoring = 1) => [...resultKeys.run(runId), "summary", scoring] as const,
  scorings: (runId: string) => [...resultKeys.run(runId), "scorings"] as const,
  scoringCompare: (runId: string, a: number, b: number) => [...resultKeys.run(runId), "scorings", "compare", a, b] as const,
  questions: (runId: string, params: QuestionListParams) => [...resultKeys.run(runId), "questions", listSearch(params).toString()] as const,
  question: (runId: string, index: number, params: QuestionDetailParams) => [...resultKeys.run(runId), "question", index, detailSearch(params).toString()] as const,
  domains: (runId: string) => [...resultKeys.run(runId), "domains"] as const,
  compare: (runIds: readonly string[]) => [...resultKeys.all, "compare", runIds.join(",")] as const,
};

export const resultQueries = {
  summary: (runId: string, scoring = 1) =>
    queryOptions({
      queryKey: resultKeys.summary(runId, scoring),
      queryFn: ({ signal }) => apiData(`${runPath(runId)}/results${scoring > 1 ? `?scoring=${scoring}` : ""}`, schema("EvaluationResultsSummaryEnvelopeSchema"), { signal }),
    }),

  /** The run's scorings with their progress (polled while one runs). */
  scorings: (runId: string) =>
    queryOptions({
      queryKey: resultKeys.scorings(runId),
      queryFn: ({ signal }) => apiData(`${runPath(runId)}/scorings`, schema("EvaluationScoringListEnvelopeSchema"), { signal }),
    }),

  scoringCompare: (runId: string, a: number, b: number) =>
    queryOptions({
      queryKey: resultKeys.scoringCompare(runId, a, b),
      queryFn: ({ signal }) => apiData(`${runPath(runId)}/scorings/compare?a=${a}&b=${b}`, schema("EvaluationScoringCompareEnvelopeSchema"), { signal }),
      enabled: a !== b,
    }),

  /** The table's rows, page by page in the view's filter and order. */
  questions: (runId: string, params: QuestionListParams) =>
    infiniteQueryOptions({
      queryKey: resultKeys.questions(runId, params),
      initialPageParam: 0,
      queryFn: ({ pageParam, signal }) => {
        const search = listSearch(params);
        search.set("offset", String(pageParam));
        search.set("limit", String(QUESTIONS_PAGE));
        return apiFetch(`${runPath(runId)}/results/questions?${search}`, schema("EvaluationQuestionPageSchema"), { signal });
      },
      getNextPageParam: (page) => page.next_offset ?? undefined,
    }),

  /** One question's answers, checks and citation diff; prev/next follow the table's filter and order. */
  question: (runId: string, index: number, params: QuestionDetailParams) =>
    queryOptions({
      queryKey: resultKeys.question(runId, index, params),
      queryFn: ({ signal }) =>
        apiData(`${runPath(runId)}/results/questions/${index}?${detailSearch(params)}`, schema("EvaluationQuestionDetailEnvelopeSchema"), { signal }),
    }),

  domains: (runId: string) =>
    queryOptions({
      queryKey: resultKeys.domains(runId),
      queryFn: ({ signal }) => apiData(`${runPath(runId)}/results/domains`, schema("EvaluationDomainsEnvelopeSchema"), { signal }),
    }),

  compare: (runIds: readonly string[]) =>
    queryOptions({
      queryKey: resultKeys.compare(runIds),
      queryFn: ({ signal }) => apiData(`/api/evaluations/runs/compare?runs=${runIds.map(enc).join(",")}`, schema("EvaluationCompareEnvelopeSchema"), { signal }),
      enabled: runIds.length >= 2,
    }),
};

export function exportUrl(runId: string, format: "csv" | "json" | "md", scoring = 1): string {
  return `${runPath(runId)}/results/export?format=${format}${scoring > 1 ? `&scoring=${scoring}` : ""}`;
}

export function estimateRescore(runId: string, body: EvaluationRescoreRequest) {
  return apiData(`${runPath(runId)}/rescore/estimate`, schema("EvaluationRescoreEstimateEnvelopeSchema"), { method: "POST", json: body });
}

/** Starts a scoring job (202): the answer is the new scoring, its progress then polled with `scorings`. */
export function applyRescore(runId: string, body: EvaluationRescoreRequest) {
  return apiData(`${runPath(runId)}/rescore`, schema("EvaluationScoringEnvelopeSchema"), { method: "POST", json: body });
}

export function cancelScoring(runId: string, number: number) {
  return apiData(`${runPath(runId)}/scorings/${number}/cancel`, schema("EvaluationScoringEnvelopeSchema"), { method: "POST" });
}

export function designateVersion(runId: string, version: number, expectedVersion: number, overrideReason?: string) {
  const json = { version, expected_version: expectedVersion, ...(overrideReason ? { override_reason: overrideReason } : {}) };
  return apiData(`${runPath(runId)}/designate`, schema("EvaluationDesignateResultEnvelopeSchema"), { method: "POST", json });
}

/** Runs to pick from on the compare page (GET /api/evaluations/runs): the newest page of them, optionally of one question set. */
export const compareRunListQuery = (setId: string | null) =>
  queryOptions({
    queryKey: [...resultKeys.all, "runs", setId ?? ""] as const,
    queryFn: ({ signal }) =>
      apiData(`/api/evaluations/runs?limit=50${setId ? `&set_id=${enc(setId)}` : ""}`, () => import("@/lib/contract/bff/evaluations").then((c) => c.EvaluationRunListResponseSchema), { signal }),
  });

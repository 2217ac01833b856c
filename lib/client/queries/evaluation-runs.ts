import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type * as RunProgress from "@/lib/contract/bff/evaluation-run-progress";
import type * as Evaluations from "@/lib/contract/bff/evaluations";
import type { EvaluationEstimate, EvaluationRun, EvaluationRunDetail, EvaluationRunRequest } from "@/lib/contract/bff/evaluations";
import { apiData, apiFetch } from "@/lib/client/api-client";
import { pollUntilFinished } from "./poll";

/** Query keys and calls of the evaluation-run pages (/api/evaluations/runs and its children; the question sets they pick from are questionSetQueries.list). */

const RUNS_PATH = "/api/evaluations/runs";

export const evaluationRunKeys = {
  all: ["evaluation-runs"] as const,
  list: (setId?: string) => [...evaluationRunKeys.all, "list", setId ?? null] as const,
  detail: (id: string) => [...evaluationRunKeys.all, "detail", id] as const,
  estimate: (body: EvaluationRunRequest) => [...evaluationRunKeys.all, "estimate", body] as const,
};

/** The routes' schemas, loaded with the first answer (as lib/client/contract.ts does), keeping zod out of the first load. */
function evaluationSchema<K extends keyof typeof Evaluations>(name: K): () => Promise<(typeof Evaluations)[K]> {
  return () => import("@/lib/contract/bff/evaluations").then((contract) => contract[name]);
}

/** The runs' own schemas, apart: the run pages' polls load zod alone, not the check parser and its RE2 engine. */
function runProgressSchema<K extends keyof typeof RunProgress>(name: K): () => Promise<(typeof RunProgress)[K]> {
  return () => import("@/lib/contract/bff/evaluation-run-progress").then((contract) => contract[name]);
}

const runPath = (id: string) => `${RUNS_PATH}/${encodeURIComponent(id)}`;

/** A page of the runs list: of one set when asked, after `cursor` (the page before's next_cursor). */
function runListPath(setId: string | undefined, cursor: string | null): string {
  const search = new URLSearchParams();
  if (setId) search.set("set_id", setId);
  if (cursor) search.set("cursor", cursor);
  const query = search.toString();
  return query ? `${RUNS_PATH}?${query}` : RUNS_PATH;
}

/** How often the run page asks while the run runs: two index reads on the server, an answer of a few hundred bytes per version. */
const RUN_POLL_MS = 1000;

export function isRunFinished(run: Pick<EvaluationRun, "status">): boolean {
  return run.status !== "running";
}

export const evaluationRunQueries = {
  /**
   * GET /api/evaluations/runs: the newest runs first, a page at a time (each without its plan); refreshed every few seconds
   * while one of the loaded runs runs.
   */
  list: (setId?: string) =>
    infiniteQueryOptions({
      queryKey: evaluationRunKeys.list(setId),
      initialPageParam: null as string | null,
      queryFn: ({ pageParam, signal }) => apiFetch(runListPath(setId, pageParam), runProgressSchema("EvaluationRunListResponseSchema"), { signal }),
      getNextPageParam: (page) => page.next_cursor ?? undefined,
      refetchInterval: (query) => (query.state.data?.pages.some((page) => page.data.some((run) => !isRunFinished(run))) ? 3 * RUN_POLL_MS : false),
      staleTime: 0,
    }),
  /**
   * GET /api/evaluations/runs/{id}: the run with its counts per version and its latest errors, polled until it ends (so a
   * reload picks it up). Structural sharing (React Query's default) keeps every part that did not change the same
   * object, so the page's memoised parts skip what a poll left as it was.
   */
  detail: (id: string) =>
    pollUntilFinished(evaluationRunKeys.detail(id), (signal) => apiData(runPath(id), runProgressSchema("EvaluationRunDetailEnvelopeSchema"), { signal }), isRunFinished, RUN_POLL_MS),
  /** POST /api/evaluations/runs/estimate: what the plan should cost and why it would be refused; keyed by the plan itself. */
  estimate: (body: EvaluationRunRequest) =>
    queryOptions({
      queryKey: evaluationRunKeys.estimate(body),
      queryFn: ({ signal }): Promise<EvaluationEstimate> =>
        apiData(`${RUNS_PATH}/estimate`, evaluationSchema("EvaluationEstimateEnvelopeSchema"), { method: "POST", json: body, signal }),
      staleTime: 30_000,
      // A refusal (400 naming a field) is the answer to show, not a failure to try again.
      retry: false,
    }),
};

/** POST /api/evaluations/runs: starts the run (201); refused (402, 429, 400) with the reason in the error. */
export function startEvaluationRun(body: EvaluationRunRequest): Promise<EvaluationRun> {
  return apiData(RUNS_PATH, runProgressSchema("EvaluationRunEnvelopeSchema"), { method: "POST", json: body });
}

/** POST /api/evaluations/runs/{id}/cancel: the runners stop claiming its items at their next look (under a second). */
export function cancelEvaluationRun(id: string): Promise<EvaluationRunDetail> {
  return apiData(`${runPath(id)}/cancel`, runProgressSchema("EvaluationRunDetailEnvelopeSchema"), { method: "POST" });
}

/** PATCH /api/evaluations/runs/{id}: a new name (its creator or an admin). */
export function renameEvaluationRun(id: string, name: string): Promise<EvaluationRunDetail> {
  return apiData(runPath(id), runProgressSchema("EvaluationRunDetailEnvelopeSchema"), { method: "PATCH", json: { name } });
}

/** POST /api/evaluations/runs/{id}/again: a new run of the same plan (201), refused like any start. */
export function runEvaluationRunAgain(id: string): Promise<EvaluationRun> {
  return apiData(`${runPath(id)}/again`, runProgressSchema("EvaluationRunEnvelopeSchema"), { method: "POST" });
}

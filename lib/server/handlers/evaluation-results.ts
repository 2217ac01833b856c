import "server-only";
import {
  EvaluationCompareQuerySchema,
  EvaluationDesignateRequestSchema,
  EvaluationDomainsQuerySchema,
  EvaluationExportQuerySchema,
  EvaluationQuestionDetailQuerySchema,
  EvaluationQuestionsQuerySchema,
  EvaluationRescoreRequestSchema,
  EvaluationScoringCompareQuerySchema,
} from "@/lib/contract/bff/evaluation-results";
import { EvaluationIdSchema } from "@/lib/contract/bff/evaluations";
import { z } from "zod";
import { parseQuery, parseWith, readJsonBody } from "../http/body";
import { API_HEADERS, jsonResponse } from "../http/errors";
import { defineRoute, type IdParams, type RouteParams } from "../http/route";
import { textStream } from "../http/text-stream";
import { designateWinner } from "../services/evaluation-designate";
import { cancelScoring, compareScorings, estimateRescore, listScorings, startRescore } from "../services/evaluation-rescore";
import { compareResults, exportResults, readDomains, readQuestionDetail, readQuestionPage, readResultsSummary } from "../services/evaluation-results";
import { routeCharge } from "../services/gateway-charge";

/**
 * The results routes of a run (issue 28; shapes in lib/contract/bff/evaluation-results.ts). Reads are the
 * viewer's and read stored results only; re-score and designate are the editor's.
 */

type QuestionParams = RouteParams<"id" | "index">;
type ScoringParams = RouteParams<"id" | "number">;

/** Up to 50 check spellings of at most 2,000 characters, and a judge model id. */
const RESCORE_BODY_LIMIT = 256 * 1024;
const DESIGNATE_BODY_LIMIT = 4 * 1024;

const runId = (raw: string) => parseWith(EvaluationIdSchema, raw, "Invalid run id");
const QuestionIndexSchema = z.coerce.number().int().min(0).max(1_000_000);
const ScoringNumberSchema = z.coerce.number().int().min(1).max(1_000);
const SummaryQuerySchema = EvaluationExportQuerySchema.pick({ scoring: true });

/** GET /api/evaluations/runs/{id}/results?scoring=n: per-version figures and the noise floor (under scoring n, 1 by default). */
export const getResultsSummary = defineRoute<IdParams>({ role: "viewer", limit: "gateway" }, async ({ request, params }) => {
  const id = runId(params.id);
  const { scoring } = parseQuery(request, SummaryQuerySchema);
  return jsonResponse({ data: await readResultsSummary(id, scoring) });
});

/** GET /api/evaluations/runs/{id}/results/questions?flags&tag&search&sort&sort_version&dir&offset&limit: the table's page. */
export const listResultQuestions = defineRoute<IdParams>({ role: "viewer", limit: "gateway" }, async ({ request, params }) => {
  const id = runId(params.id);
  return jsonResponse(await readQuestionPage(id, parseQuery(request, EvaluationQuestionsQuerySchema)));
});

/** GET /api/evaluations/runs/{id}/results/questions/{index}?base&against&repeat (+ the table's filter for prev/next). */
export const getResultQuestion = defineRoute<QuestionParams>({ role: "viewer", limit: "gateway" }, async ({ request, params }) => {
  const id = runId(params.id);
  const index = parseWith(QuestionIndexSchema, params.index, "Invalid question index");
  return jsonResponse({ data: await readQuestionDetail(id, index, parseQuery(request, EvaluationQuestionDetailQuerySchema)) });
});

/** GET /api/evaluations/runs/{id}/results/domains?max_age_days=30. */
export const getResultDomains = defineRoute<IdParams>({ role: "viewer", limit: "gateway" }, async ({ request, params }) => {
  const id = runId(params.id);
  const { max_age_days } = parseQuery(request, EvaluationDomainsQuerySchema);
  return jsonResponse({ data: await readDomains(id, max_age_days) });
});

/** GET /api/evaluations/runs/{id}/results/export?format=csv|json|md: a download. */
export const exportRunResults = defineRoute<IdParams>({ role: "viewer", limit: "gateway" }, async ({ request, params }) => {
  const id = runId(params.id);
  const { format, scoring } = parseQuery(request, EvaluationExportQuerySchema);
  const file = await exportResults(id, format, scoring);
  return new Response(textStream(file.parts), {
    status: 200,
    headers: { "Content-Type": file.contentType, "Content-Disposition": `attachment; filename="${file.fileName}"`, "Cache-Control": "private, no-store", ...API_HEADERS },
  });
});

/** POST /api/evaluations/runs/{id}/rescore/estimate: what scoring the stored answers with a check list would run and cost. */
export const estimateRunRescore = defineRoute<IdParams>({ role: "editor", mutating: true, limit: "gateway" }, async ({ request, params, user }) => {
  const id = runId(params.id);
  const body = parseWith(EvaluationRescoreRequestSchema, await readJsonBody(request, RESCORE_BODY_LIMIT));
  return jsonResponse({ data: await estimateRescore(routeCharge(user.id), user, id, body) });
});

/** POST /api/evaluations/runs/{id}/rescore: starts a scoring job of the stored answers and answers at once (202). */
export const applyRunRescore = defineRoute<IdParams>({ role: "editor", mutating: true, limit: "gateway" }, async ({ request, params, user }) => {
  const id = runId(params.id);
  const body = parseWith(EvaluationRescoreRequestSchema, await readJsonBody(request, RESCORE_BODY_LIMIT));
  return jsonResponse({ data: await startRescore(routeCharge(user.id), user, id, body) }, { status: 202 });
});

/** GET /api/evaluations/runs/{id}/scorings: the run's scorings (1: its own) with progress; the results page polls it. */
export const listRunScorings = defineRoute<IdParams>({ role: "viewer", limit: "gateway" }, async ({ params }) => jsonResponse({ data: await listScorings(runId(params.id)) }));

/** POST /api/evaluations/runs/{id}/scorings/{number}/cancel: stops a running scoring (its owner's or an admin's). */
export const cancelRunScoring = defineRoute<ScoringParams>({ role: "editor", mutating: true, limit: "gateway" }, async ({ params, user }) => {
  const id = runId(params.id);
  const number = parseWith(ScoringNumberSchema, params.number, "Invalid scoring number");
  return jsonResponse({ data: await cancelScoring(user, id, number) });
});

/** GET /api/evaluations/runs/{id}/scorings/compare?a=1&b=2: two scorings' pass rates and the questions that flipped. */
export const compareRunScorings = defineRoute<IdParams>({ role: "viewer", limit: "gateway" }, async ({ request, params }) => {
  const id = runId(params.id);
  const { a, b } = parseQuery(request, EvaluationScoringCompareQuerySchema);
  return jsonResponse({ data: await compareScorings(id, a, b) });
});

/** POST /api/evaluations/runs/{id}/designate { version, expected_version }: the winner saved as the preset's designated version. */
export const designateRunWinner = defineRoute<IdParams>({ role: "editor", mutating: true, limit: "gateway" }, async ({ request, params, user }) => {
  const id = runId(params.id);
  const body = parseWith(EvaluationDesignateRequestSchema, await readJsonBody(request, DESIGNATE_BODY_LIMIT));
  return jsonResponse({ data: await designateWinner(routeCharge(user.id), user, id, body, request.signal) });
});

/** GET /api/evaluations/runs/compare?runs=a,b: runs of one set side by side, and the verdicts that flipped. */
export const compareRunResults = defineRoute({ role: "viewer", limit: "gateway" }, async ({ request }) => {
  const { runs } = parseQuery(request, EvaluationCompareQuerySchema);
  return jsonResponse({ data: await compareResults(runs) });
});

import "server-only";
import { EvaluationIdSchema, EvaluationItemsQuerySchema, EvaluationRunListQuerySchema, EvaluationRunRenameRequestSchema, EvaluationRunRequestSchema } from "@/lib/contract/bff/evaluations";
import { parseQuery, parseWith, readJsonBody } from "../http/body";
import { jsonResponse } from "../http/errors";
import { defineRoute, type IdParams } from "../http/route";
import { cancelRun, createRun, estimateRun, listRuns, readRun, readRunItems, renameRun, runAgain } from "../services/evaluation-runs";
import { routeCharge } from "../services/gateway-charge";


/** A run request: ids, a few versions and models, up to 50 checks of at most 2,000 characters. */
const RUN_BODY_LIMIT = 256 * 1024;
const RENAME_BODY_LIMIT = 4 * 1024;

const runId = (raw: string) => parseWith(EvaluationIdSchema, raw, "Invalid run id");

/** POST /api/evaluations/runs/estimate: what the plan should cost, per version, and why it would be refused (refusals as data). */
export const estimateEvaluationRun = defineRoute({ role: "editor", mutating: true, limit: "gateway" }, async ({ request, user }) => {
  const body = parseWith(EvaluationRunRequestSchema, await readJsonBody(request, RUN_BODY_LIMIT));
  return jsonResponse({ data: await estimateRun(routeCharge(user.id), user, body) });
});

/** POST /api/evaluations/runs: starts a run (201), refused over its cap, the per-run limit or the daily model-spending limit. */
export const createEvaluationRun = defineRoute({ role: "editor", mutating: true, limit: "gateway" }, async ({ request, user }) => {
  const body = parseWith(EvaluationRunRequestSchema, await readJsonBody(request, RUN_BODY_LIMIT));
  return jsonResponse({ data: await createRun(routeCharge(user.id), user, body) }, { status: 201 });
});

/** GET /api/evaluations/runs?set_id=&limit=&cursor=: a page of the newest runs (of one set when asked), without their plans. */
export const listEvaluationRuns = defineRoute({ role: "viewer", limit: "gateway" }, async ({ request }) => {
  const { set_id, limit, cursor } = parseQuery(request, EvaluationRunListQuerySchema);
  return jsonResponse(await listRuns({ setId: set_id, limit, cursor }));
});

/** PATCH /api/evaluations/runs/{id} { name }: renames the run (its creator or an admin). */
export const renameEvaluationRun = defineRoute<IdParams>({ role: "editor", mutating: true }, async ({ request, params, user }) => {
  const id = runId(params.id);
  const body = parseWith(EvaluationRunRenameRequestSchema, await readJsonBody(request, RENAME_BODY_LIMIT));
  return jsonResponse({ data: await renameRun(user, id, body.name) });
});

/** POST /api/evaluations/runs/{id}/again: a new run of the same plan (same set version, versions, repeats, checks, judge, cap), 201. */
export const runEvaluationRunAgain = defineRoute<IdParams>({ role: "editor", mutating: true, limit: "gateway" }, async ({ params, user }) => {
  return jsonResponse({ data: await runAgain(routeCharge(user.id), user, runId(params.id)) }, { status: 201 });
});

/** GET /api/evaluations/runs/{id}: the run, its plan and its progress per version. */
export const getEvaluationRun = defineRoute<IdParams>({ role: "viewer", limit: "gateway" }, async ({ params }) => jsonResponse({ data: await readRun(runId(params.id)) }));

/** GET /api/evaluations/runs/{id}/items?offset&limit: a bounded page of items in position order. */
export const listEvaluationRunItems = defineRoute<IdParams>({ role: "viewer", limit: "gateway" }, async ({ request, params }) => {
  const id = runId(params.id);
  const { offset, limit } = parseQuery(request, EvaluationItemsQuerySchema);
  return jsonResponse({ ...(await readRunItems(id, offset, limit)), offset, limit });
});

/** POST /api/evaluations/runs/{id}/cancel: its creator or an admin; items in flight are stopped by the runners. */
export const cancelEvaluationRun = defineRoute<IdParams>({ role: "editor", mutating: true }, async ({ params, user }) => jsonResponse({ data: await cancelRun(user, runId(params.id)) }));

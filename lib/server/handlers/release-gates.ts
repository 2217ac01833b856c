import "server-only";
import { ReleaseGateQuerySchema, ReleaseGateSchema, RevertDesignationRequestSchema } from "@/lib/contract/bff/release-gates";
import { SlugSchema } from "@/lib/contract/gateway";
import { parseQuery, parseWith, readJsonBody } from "../http/body";
import { jsonResponse } from "../http/errors";
import { defineRoute, type RouteParams } from "../http/route";
import { routeCharge } from "../services/gateway-charge";
import { readGateState, revertDesignation, saveGate } from "../services/release-gates";

type SlugParams = RouteParams<"slug">;

/** A gate: a set id, up to 50 checks of at most 2,000 characters, five numbers. */
const GATE_BODY_LIMIT = 128 * 1024;

const slugFrom = (params: SlugParams) => parseWith(SlugSchema, params.slug, "Invalid preset slug");

/** GET /api/presets/{slug}/gate: the gate, each version's state against it, the designated version's moves. */
export const getReleaseGate = defineRoute<SlugParams>({ role: "viewer", limit: "gateway" }, async ({ request, params }) => {
  const slug = slugFrom(params);
  const { run } = parseQuery(request, ReleaseGateQuerySchema);
  return jsonResponse({ data: await readGateState(slug, request.signal, run) });
});

/** PUT /api/presets/{slug}/gate: sets the gate (admin: the gate is what keeps editors honest). */
export const putReleaseGate = defineRoute<SlugParams>({ role: "admin", mutating: true, limit: "gateway" }, async ({ request, params, user }) => {
  const slug = slugFrom(params);
  const gate = parseWith(ReleaseGateSchema, await readJsonBody(request, GATE_BODY_LIMIT));
  return jsonResponse({ data: await saveGate(user, slug, gate, request.signal) });
});

/** DELETE /api/presets/{slug}/gate: no gate any more (admin). */
export const deleteReleaseGate = defineRoute<SlugParams>({ role: "admin", mutating: true, limit: "gateway" }, async ({ request, params, user }) =>
  jsonResponse({ data: await saveGate(user, slugFrom(params), null, request.signal) }),
);

/** POST /api/presets/{slug}/designations/revert { move_id }: the newest move undone in one action. */
export const revertPresetDesignation = defineRoute<SlugParams>({ role: "editor", mutating: true, limit: "gateway" }, async ({ request, params, user }) => {
  const slug = slugFrom(params);
  const body = parseWith(RevertDesignationRequestSchema, await readJsonBody(request, 1024));
  return jsonResponse({ data: await revertDesignation(routeCharge(user.id), user, slug, body.move_id, request.signal) });
});

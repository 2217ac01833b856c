import "server-only";
import { UsageCallsQuerySchema, UsageFilterSchema } from "@/lib/contract/bff/usage";
import { z } from "zod";
import { parseQuery, parseWith } from "../http/body";
import { jsonResponse } from "../http/errors";
import { defineRoute, type IdParams } from "../http/route";
import { readCallGeneration, readUsageCalls, readUsageReport } from "../services/usage";
import { readReconciliation } from "../services/usage-reconciliation";

/** GET /api/usage: spending by local day, model, feature, preset and (admins) person, from the hourly rollups. */
export const getUsage = defineRoute({ role: "viewer" }, async ({ request, user }) => {
  const filter = parseQuery(request, UsageFilterSchema);
  return jsonResponse({ data: await readUsageReport(user, filter) });
});

/** GET /api/usage/calls: one keyset page of the ledger's entries under the same filter, newest first. */
export const getUsageCalls = defineRoute({ role: "viewer" }, async ({ request, user }) => {
  const query = parseQuery(request, UsageCallsQuerySchema);
  return jsonResponse(await readUsageCalls(user, query));
});

/** GET /api/usage/reconciliation (admins): the ledger's total beside the gateway's /activity for the same UTC days. */
export const getUsageReconciliation = defineRoute({ role: "admin" }, async ({ request }) => {
  const filter = parseQuery(request, UsageFilterSchema);
  return jsonResponse({ data: await readReconciliation(filter) });
});

/** GET /api/usage/calls/[id]/generation: the drill-down of one call (provider, tokens, latency, cost). */
export const getUsageCallGeneration = defineRoute<IdParams>({ role: "viewer" }, async ({ request, params, user }) => {
  const id = parseWith(z.string().min(1).max(64), params.id, "Invalid call id");
  return jsonResponse({ data: await readCallGeneration(user, id, request.signal) });
});

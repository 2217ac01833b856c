import "server-only";
import { API_HEADERS, jsonResponse } from "../http/errors";
import { parseQuery } from "../http/body";
import { defineRoute } from "../http/route";
import { routeCharge } from "../services/gateway-charge";
import { cachedVideoModelCatalog, readModelCatalog, relayWorkspaces, WorkspaceQuerySchema } from "../services/catalog";

export const listModels = defineRoute({ role: "viewer", limit: "gateway" }, async ({ request, user }) => {
  return jsonResponse(await readModelCatalog(routeCharge(user.id), { signal: request.signal }));
});

/** The workspaces the key can see (empty without a management key: services/catalog.ts). */
export const listWorkspaces = defineRoute({ role: "viewer", limit: "gateway" }, async ({ request, user }) => {
  const query = parseQuery(request, WorkspaceQuerySchema);
  return relayWorkspaces(routeCharge(user.id), query, { signal: request.signal });
});

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

// No per-user limit: the cache makes at most one gateway call a minute, whoever asks.
export const listVideoModels = defineRoute({ role: "viewer" }, async ({ request }) => {
  const entry = await cachedVideoModelCatalog();
  // no-cache: the browser keeps the body but asks each time; a 304 costs no body and no gateway call.
  const headers = { ETag: entry.etag, "Cache-Control": "private, no-cache", ...API_HEADERS };
  if (matchesEtag(request.headers.get("if-none-match"), entry.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(entry.body, { status: 200, headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
});

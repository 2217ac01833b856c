import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { ModelSchema, readListSkipping, VideoModelSchema, type ModelListResponse } from "@/lib/contract/gateway";
import { serverEnv } from "../config/env";
import { API_HEADERS, HttpError, jsonResponse } from "../http/errors";
import { parseQuery } from "../http/body";
import { defineRoute } from "../http/route";
import { upstreamJson, type UpstreamRequest } from "../upstream/upstream";
import { proxyJson } from "../upstream/proxy-json";

/**
 * A catalog list read entry by entry: an entry the contract does not understand (a model of a
 * newer catalog) is left out and counted in metadata.skipped, so the page still shows the rest.
 */
function readCatalog<T extends z.ZodType>(item: T, body: unknown, path: string) {
  const read = readListSkipping(item, body);
  if (!read) {
    console.error(`[bff] gateway answer to GET ${path} is not a list`);
    throw new HttpError(502, "The gateway's answer does not match the expected shape");
  }
  if (read.skippedIssues.length > 0) {
    console.warn(`[bff] GET ${path}: left out ${read.skippedIssues.length} entries the contract does not understand`, read.skippedIssues[0].slice(0, 5));
  }
  return read.list;
}

/** GET /models as the BFF answers it: the entries the contract understands, the rest counted in metadata.skipped. */
export async function readModelCatalog(request: Pick<UpstreamRequest, "signal" | "timeoutMs"> = {}): Promise<ModelListResponse> {
  const { data } = await upstreamJson({ method: "GET", path: "/models", ...request });
  return readCatalog(ModelSchema, data, "/models");
}

export const listModels = defineRoute({ role: "viewer", limit: "gateway" }, async ({ request }) => {
  return jsonResponse(await readModelCatalog({ signal: request.signal }));
});

const WorkspaceQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/**
 * The gateway lists workspaces only for a management key (as the real one does), so this read is
 * the one exception to "the management key is for preset writes". Without that key the list is
 * empty and the file browser stays on the API key's default workspace.
 */
export const listWorkspaces = defineRoute({ role: "viewer", limit: "gateway" }, async ({ request }) => {
  const query = parseQuery(request, WorkspaceQuerySchema);
  const upstream = workspacesUpstream(query, { signal: request.signal });
  return upstream ? proxyJson(upstream) : jsonResponse(NO_WORKSPACES);
});

/** The answer without a management key. */
export const NO_WORKSPACES = { data: [], total_count: 0 };

/** The gateway call that lists workspaces, or null when there is no management key to make it with. */
export function workspacesUpstream(
  query: z.infer<typeof WorkspaceQuerySchema>,
  request: Pick<UpstreamRequest, "signal" | "timeoutMs"> = {},
): UpstreamRequest | null {
  if (!serverEnv().GATEWAY_MANAGEMENT_KEY) return null;
  return { method: "GET", path: "/workspaces", query, key: "management", ...request };
}

/** The video model catalog changes rarely and is the same for every user: keep it a minute. */
const VIDEO_MODELS_TTL_MS = 60_000;

interface CachedCatalog {
  body: string;
  etag: string;
  expiresAt: number;
}

let cached: CachedCatalog | null = null;
let inflight: Promise<CachedCatalog> | null = null;

async function fetchCatalog(): Promise<CachedCatalog> {
  // Not tied to one browser's signal: other requests may be waiting on the same fetch.
  const { data } = await upstreamJson({ method: "GET", path: "/videos/models" });
  const body = JSON.stringify(readCatalog(VideoModelSchema, data, "/videos/models"));
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { body, etag, expiresAt: Date.now() + VIDEO_MODELS_TTL_MS };
}

async function catalog(): Promise<CachedCatalog> {
  if (cached && cached.expiresAt > Date.now()) return cached;
  inflight ??= fetchCatalog().finally(() => {
    inflight = null;
  });
  cached = await inflight;
  return cached;
}

/** The cached catalog for a server-rendered page (the video-model catalog prefetches it): same cache and ETag as the route. */
export async function cachedVideoModelCatalog(): Promise<{ body: string; etag: string }> {
  const { body, etag } = await catalog();
  return { body, etag };
}

export function clearVideoModelsCache(): void {
  cached = null;
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

// No per-user limit: the cache above makes at most one gateway call a minute, whoever asks.
export const listVideoModels = defineRoute({ role: "viewer" }, async ({ request }) => {
  const entry = await catalog();
  // no-cache: the browser keeps the body but asks each time; a 304 costs no body and no gateway call.
  const headers = { ETag: entry.etag, "Cache-Control": "private, no-cache", ...API_HEADERS };
  if (matchesEtag(request.headers.get("if-none-match"), entry.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(entry.body, { status: 200, headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
});

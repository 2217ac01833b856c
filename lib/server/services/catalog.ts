import "server-only";
import { loggerFor } from "@/lib/observability/logger";
import { createHash } from "node:crypto";
import { z } from "zod";
import {
  ModelSchema,
  readListSkipping,
  VideoModelListResponseSchema,
  VideoModelSchema,
  WorkspaceListResponseSchema,
  type ModelListResponse,
  type VideoModelListResponse,
  type WorkspaceListResponse,
} from "@/lib/contract/gateway";
import { serverEnv } from "../config/env";
import { HttpError, jsonResponse } from "../http/errors";
import { proxyJson } from "../upstream/proxy-json";
import { upstreamJson, type UpstreamRequest, type ReadRequest } from "../upstream/upstream";
import type { GatewayCharge } from "./gateway-charge";

const log = loggerFor("bff");

/**
 * The catalogs' gateway calls: the models (chat), the workspaces, the video models. For the /api routes and the
 * pages alike; the only module that spells these gateway paths. Reads are charged a point per gateway call
 * through the caller's GatewayCharge, except the video model catalog: one cached call a minute, whoever asks,
 * charged to nobody (its route has no per-user limit).
 */

const MODELS_PATH = "/models";
const WORKSPACES_PATH = "/workspaces";
const VIDEO_MODELS_PATH = "/videos/models";

/**
 * A catalog list read entry by entry: an entry the contract does not understand (a model of a
 * newer catalog) is left out and counted in metadata.skipped, so the page still shows the rest.
 */
function readCatalog<T extends z.ZodType>(item: T, body: unknown, path: string) {
  const read = readListSkipping(item, body);
  if (!read) {
    log.error({ path }, "the gateway's answer is not a list");
    throw new HttpError(502, "The gateway's answer does not match the expected shape");
  }
  if (read.skippedIssues.length > 0) {
    log.warn({ path, skipped: read.skippedIssues.length, issues: read.skippedIssues[0].slice(0, 5) }, "left out entries the contract does not understand");
  }
  return read.list;
}

/** GET /models as the BFF answers it: the entries the contract understands, the rest counted in metadata.skipped. */
export async function readModelCatalog(charge: GatewayCharge, request: ReadRequest = {}): Promise<ModelListResponse> {
  await charge(1);
  const { data } = await upstreamJson({ method: "GET", path: MODELS_PATH, ...request });
  return readCatalog(ModelSchema, data, MODELS_PATH);
}

export const WorkspaceQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
type WorkspaceQuery = z.infer<typeof WorkspaceQuerySchema>;

/** The answer without a management key. */
const NO_WORKSPACES = { data: [], total_count: 0 };

/**
 * The gateway lists workspaces only for a management key (as the real one does), so this read is the one
 * exception to "the management key is for preset writes". Without that key the list is empty (and no gateway
 * call is made, so nothing is charged) and the file browser stays on the API key's default workspace.
 */
function workspacesRequest(query: WorkspaceQuery, request: ReadRequest): UpstreamRequest | null {
  if (!serverEnv().GATEWAY_MANAGEMENT_KEY) return null;
  return { method: "GET", path: WORKSPACES_PATH, query, key: "management", ...request };
}

/** GET /workspaces for the route, unchanged (or the empty list without a management key). */
export async function relayWorkspaces(charge: GatewayCharge, query: WorkspaceQuery, request: ReadRequest = {}): Promise<Response> {
  const upstream = workspacesRequest(query, request);
  if (!upstream) return jsonResponse(NO_WORKSPACES);
  await charge(1);
  return proxyJson(upstream);
}

/** GET /workspaces parsed with the contract's schema (the files page's switcher). */
export async function readWorkspaces(charge: GatewayCharge, query: WorkspaceQuery, request: ReadRequest = {}): Promise<WorkspaceListResponse> {
  const upstream = workspacesRequest(query, request);
  if (!upstream) return WorkspaceListResponseSchema.parse(NO_WORKSPACES);
  await charge(1);
  const { data } = await upstreamJson(upstream, WorkspaceListResponseSchema);
  return data;
}

/** The video model catalog changes rarely and is the same for every user: keep it a minute. */
const VIDEO_MODELS_TTL_MS = 60_000;

export interface CachedCatalog {
  body: string;
  etag: string;
  expiresAt: number;
}

let cached: CachedCatalog | null = null;
let inflight: Promise<CachedCatalog> | null = null;

async function fetchVideoModelCatalog(): Promise<CachedCatalog> {
  // Not tied to one browser's signal: other requests may be waiting on the same fetch.
  const { data } = await upstreamJson({ method: "GET", path: VIDEO_MODELS_PATH });
  const body = JSON.stringify(readCatalog(VideoModelSchema, data, VIDEO_MODELS_PATH));
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { body, etag, expiresAt: Date.now() + VIDEO_MODELS_TTL_MS };
}

/** The video model catalog (its JSON body and ETag) from the one-minute cache; one gateway call fills it for everyone. */
export async function cachedVideoModelCatalog(): Promise<CachedCatalog> {
  if (cached && cached.expiresAt > Date.now()) return cached;
  inflight ??= fetchVideoModelCatalog().finally(() => {
    inflight = null;
  });
  cached = await inflight;
  return cached;
}

export function clearVideoModelsCache(): void {
  cached = null;
}

/** The cached catalog's body parsed once per version (its ETag), not again on every page view. */
let parsedVideoModels: { etag: string; list: VideoModelListResponse } | null = null;

/** The video model catalog parsed (a page's prefetch), with the ETag the browser revalidates against. */
export async function readVideoModels(): Promise<{ list: VideoModelListResponse; etag: string }> {
  const { body, etag } = await cachedVideoModelCatalog();
  if (parsedVideoModels?.etag !== etag) parsedVideoModels = { etag, list: VideoModelListResponseSchema.parse(JSON.parse(body)) };
  return { list: parsedVideoModels.list, etag };
}

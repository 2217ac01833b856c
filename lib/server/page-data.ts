import "server-only";
import {
  PresetAuditResponseSchema,
  UserListResponseSchema,
  type PresetAuditEntry,
  type PresetRowListResponse,
  type PresetSummary,
  type SessionUser,
  type User,
} from "@/lib/contract/bff/schemas";
import {
  FileListQuerySchema,
  FileListResponseSchema,
  SlugSchema,
  VideoModelListResponseSchema,
  WorkspaceListResponseSchema,
  type FileListResponse,
  type ModelListResponse,
  type PresetListResponse,
  type PresetVersion,
  type PresetWithDesignatedVersion,
  type VideoModelListResponse,
  type WorkspaceListResponse,
} from "@/lib/contract/gateway";
import type { Generation, GenerationListResponse } from "@/lib/contract/bff/video-generations";
import { FRAME_TYPES, frameLabel, type GenerationDraft } from "@/lib/video-models/generation-frame-types";
import { FILES_PAGE_SIZE } from "@/lib/files/prefetch";
import type { PresetCatalog } from "@/lib/presets/paging";
import { appContext } from "./config/app-context";
import { cachedVideoModelCatalog, NO_WORKSPACES, readModelCatalog, workspacesUpstream } from "./handlers/catalog";
import { readGeneration, readGenerationHistory } from "./handlers/video-generations";
import { listPublicUsers } from "./handlers/users";
import { pageCharge } from "./services/gateway-charge";
import { readPreset, readPresetCatalog, readPresetPage, readPresetRows, readPresetVersion, readPresetVersions, summarizePresets } from "./services/presets";
import { upstreamJson, type UpstreamRequest } from "./upstream/upstream";

/**
 * What the dashboard's server pages prefetch into the query cache before they render: the same gateway calls
 * and stores the BFF's routes use, read with the same contract schemas the browser's queries parse with, so a
 * prefetched entry has exactly the shape the browser would have fetched (the pages pair each with its query
 * key from lib/client/queries). The caller has checked the session and the role the matching route asks for.
 *
 * Best effort: each call has a short budget, and a page that cannot prefetch leaves the query to the browser,
 * which fetches it and reports any error with a retry, as before.
 *
 * Each gateway call here is charged to the user's "gateway" limit as the same read through /api is
 * (services/gateway-charge.ts): a page load is no way around the limit. Past it the prefetch fails with the
 * 429 and the browser's own fetch meets the same 429, which the page shows.
 */

/** The server render waits at most this long for the gateway; after it the browser fetches for itself. */
const PAGE_BUDGET_MS = 1500;

function budget(): Pick<UpstreamRequest, "signal" | "timeoutMs"> {
  return { signal: AbortSignal.timeout(PAGE_BUDGET_MS), timeoutMs: PAGE_BUDGET_MS };
}

/** A slug the route would refuse is not worth a gateway call: the browser gets the route's 400 itself. */
export function isValidSlug(slug: string): boolean {
  return SlugSchema.safeParse(slug).success;
}

/** Who a page prefetches for: the signed-in user its gateway calls are charged to. */
export type PageUser = Pick<SessionUser, "id">;

/** One page of GET /presets (the list's query: `presetQueries.page`). */
export function loadPresetPage(user: PageUser, offset: number, limit: number): Promise<PresetListResponse> {
  return readPresetPage(pageCharge(user.id), offset, limit, budget());
}

/** One page of GET /presets with each row's version and last author (the list's query: `presetQueries.page`). */
export function loadPresetRows(user: PageUser, offset: number, limit: number): Promise<PresetRowListResponse> {
  return readPresetRows(pageCharge(user.id), offset, limit, budget());
}

/** Version and last author of the rows a search or sort shows (`presetQueries.summaries`). */
export function loadPresetSummaries(user: PageUser, slugs: readonly string[]): Promise<PresetSummary[]> {
  return summarizePresets(pageCharge(user.id), slugs.map((slug) => ({ slug })), budget());
}

/** Every preset up to the cap (`presetQueries.catalog`), within one budget. */
export function loadPresetCatalog(user: PageUser): Promise<PresetCatalog> {
  return readPresetCatalog(pageCharge(user.id), budget());
}

/** One preset with its designated version (`presetQueries.detail`). */
export function loadPreset(user: PageUser, slug: string): Promise<PresetWithDesignatedVersion> {
  return readPreset(pageCharge(user.id), slug, budget());
}

/** All versions of a preset, oldest first (`presetQueries.versions`), within one budget. */
export function loadPresetVersions(user: PageUser, slug: string): Promise<PresetVersion[]> {
  return readPresetVersions(pageCharge(user.id), slug, budget());
}

/** One stored version (`presetQueries.version`). */
export function loadPresetVersion(user: PageUser, slug: string, version: number): Promise<PresetVersion> {
  return readPresetVersion(pageCharge(user.id), slug, version, budget());
}

/** Who saved which version, newest first, from the dashboard's audit log (`presetQueries.audit`). */
export async function loadPresetAudit(slug: string): Promise<PresetAuditEntry[]> {
  return PresetAuditResponseSchema.parse({ data: await (await appContext()).audit.listForPreset(slug) }).data;
}

/** GET /models as the BFF answers it (the editor's and playground's model suggestions), each entry checked once, there. */
export async function loadModels(user: PageUser): Promise<ModelListResponse> {
  // One gateway call, charged as GET /api/models is.
  await pageCharge(user.id)(1);
  return readModelCatalog(budget());
}

/** The workspaces the file browser's switcher lists (`fileQueries.workspaces`: one page of 100). */
async function loadWorkspaces(user: PageUser): Promise<WorkspaceListResponse> {
  const upstream = workspacesUpstream({ limit: 100 }, budget());
  if (!upstream) return WorkspaceListResponseSchema.parse(NO_WORKSPACES);
  await pageCharge(user.id)(1);
  const { data } = await upstreamJson(upstream, WorkspaceListResponseSchema);
  return data;
}

/**
 * The workspace list as the file browser's switcher starts from it (`loadWorkspaces` with the time it was
 * fetched), or null when the gateway would not give it: the browser then fetches it and reports the error.
 */
export async function loadInitialWorkspaces(user: PageUser): Promise<{ list: WorkspaceListResponse; fetchedAt: number } | null> {
  try {
    return { list: await loadWorkspaces(user), fetchedAt: Date.now() };
  } catch {
    return null;
  }
}

/** Everyone who may sign in (`userQueries.list`); admins only, as the route. */
export async function loadUsers(): Promise<User[]> {
  return UserListResponseSchema.parse({ data: await listPublicUsers() }).data;
}

/** The cached catalog's body parsed once per version (its ETag), not again on every page view. */
let videoModelList: { etag: string; list: VideoModelListResponse } | null = null;

/** The video model catalog from the route's own one-minute cache, with the ETag the browser revalidates against. */
export async function loadVideoModels(): Promise<{ list: VideoModelListResponse; etag: string }> {
  const { body, etag } = await cachedVideoModelCatalog();
  if (videoModelList?.etag !== etag) videoModelList = { etag, list: VideoModelListResponseSchema.parse(JSON.parse(body)) };
  return { list: videoModelList.list, etag };
}

/**
 * The first page of a workspace's files (`fileQueries.list`'s first page), or null: a malformed workspace id, a
 * slow or rate-limited gateway give null and the file browser fetches (and reports the error) as usual.
 */
export async function loadFirstFilePage(
  user: PageUser,
  workspaceId: string | null,
): Promise<{ workspaceId: string | null; page: FileListResponse; fetchedAt: number } | null> {
  const query = FileListQuerySchema.safeParse({ limit: FILES_PAGE_SIZE, workspace_id: workspaceId ?? undefined });
  if (!query.success) return null;
  try {
    await pageCharge(user.id)(1);
    const { data } = await upstreamJson({ method: "GET", path: "/files", query: query.data, ...budget() }, FileListResponseSchema);
    return { workspaceId, page: data, fetchedAt: Date.now() };
  } catch {
    return null;
  }
}

/** One page of the video-generation history (the app database, no gateway call); `cursor` as the route gives it out. */
export function loadGenerationHistory(limit: number, cursor?: string): Promise<GenerationListResponse> {
  return readGenerationHistory(limit, cursor);
}

/**
 * An earlier generation as a draft for the form ("Run again"): its prompt, models and settings, and its frame
 * images as they were sent (the store keeps them; the routes answer only their paths). null when there is none.
 */
export async function loadGenerationDraft(id: string): Promise<GenerationDraft | null> {
  const generation = await readGeneration(id);
  if (!generation) return null;
  const { first_frame: _first, last_frame: _last, ...settings } = generation.settings;
  const frames: GenerationDraft["frames"] = {};
  const store = (await appContext()).videoGenerations;
  for (const frame of FRAME_TYPES) {
    const url = await store.frame(generation.id, frame);
    if (!url) continue;
    // A data: URL's bytes from its base64 length; an https frame is shown by its address.
    const base64 = url.startsWith("data:") ? url.slice(url.indexOf(",") + 1) : "";
    const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
    frames[frame] = { url, name: `${frameLabel(frame)} of the earlier run`, bytes: Math.floor((base64.length * 3) / 4) - padding };
  }
  return { prompt: generation.prompt, models: generation.models, settings, frames };
}

/** One video generation as recorded (`generationQueries.detail`); the run page's polling asks the gateway. */
export async function loadGeneration(id: string): Promise<Generation | null> {
  return (await readGeneration(id)) ?? null;
}

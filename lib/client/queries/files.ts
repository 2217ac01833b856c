import { infiniteQueryOptions, queryOptions, type InfiniteData } from "@tanstack/react-query";
import type { FileListResponse, WorkspaceListResponse } from "@/lib/contract/gateway";
import { apiFetch } from "@/lib/client/api-client";
import { gatewaySchema } from "@/lib/client/contract";
import { internFileStrings } from "@/lib/files/intern";
import { nextCursor } from "@/lib/files/merge-pages";
import { FILES_PAGE_SIZE } from "@/lib/files/prefetch";
import { DEFAULT_RETRY_LIMITS, retryPolicy } from "@/lib/client/retry-policy";

/**
 * Query key factories and fetchers for the file browser's first load: the list, one infinite query per
 * workspace, and the workspaces. What the page needs only later lives beside it, loaded with the code that uses
 * it: one file (./file-detail.ts, the details drawer), and uploads and deletes (./file-changes.ts), which patch
 * the cached pages in place so a list of thousands of loaded rows is never refetched page by page to show one
 * change.
 */

/** Key part for "no workspace_id": the gateway's default workspace for our key. */
export const DEFAULT_WORKSPACE = "default";

export type FilePageParam = string | null;
export type FileListData = InfiniteData<FileListResponse, FilePageParam>;

/** A first page fetched by the server render, for the workspace it names. */
export interface InitialFilePage {
  workspaceId: string | null;
  page: FileListResponse;
  fetchedAt: number;
}

/** Seeds a list query with the server's first page; used only when the cache has nothing for the workspace. */
export function initialListData(initial: InitialFilePage | null): { initialData?: FileListData; initialDataUpdatedAt?: number } {
  if (!initial) return {};
  return { initialData: { pages: [internFileStrings(initial.page)], pageParams: [null] }, initialDataUpdatedAt: initial.fetchedAt };
}

/** The workspace list fetched by the server render, for the switcher's first render. */
export interface InitialWorkspaces {
  list: WorkspaceListResponse;
  fetchedAt: number;
}

/** Seeds the workspaces query with the server's list; used only when the cache has nothing for it. */
export function initialWorkspacesData(initial: InitialWorkspaces | null): { initialData?: WorkspaceListResponse; initialDataUpdatedAt?: number } {
  if (!initial) return {};
  return { initialData: initial.list, initialDataUpdatedAt: initial.fetchedAt };
}

export const fileKeys = {
  all: ["files"] as const,
  lists: () => [...fileKeys.all, "list"] as const,
  list: (workspaceId: string | null) => [...fileKeys.lists(), workspaceId ?? DEFAULT_WORKSPACE] as const,
  detail: (workspaceId: string | null, id: string) => [...fileKeys.all, "detail", workspaceId ?? DEFAULT_WORKSPACE, id] as const,
  workspaces: () => ["workspaces"] as const,
};

/** Adds `workspace_id` unless it is the default workspace (which the gateway picks when none is named). */
export function withWorkspace(params: URLSearchParams, workspaceId: string | null): URLSearchParams {
  if (workspaceId) params.set("workspace_id", workspaceId);
  return params;
}

function fileListUrl(workspaceId: string | null, cursor: FilePageParam, limit = FILES_PAGE_SIZE): string {
  const params = withWorkspace(new URLSearchParams({ limit: String(limit) }), workspaceId);
  if (cursor) params.set("cursor", cursor);
  return `/api/files?${params}`;
}

/**
 * The file list and a file's details keep trying through a rate limit much longer than the default: the BFF
 * already retried the gateway's 429 a few times, so one that reaches the browser means a longer pause, and the
 * list shows a countdown instead of asking the user to press Retry.
 */
const FILE_RETRY_LIMITS = { ...DEFAULT_RETRY_LIMITS, rateLimited: 12 };
export const fileRetryPolicy = retryPolicy(FILE_RETRY_LIMITS);

export const fileQueries = {
  list: (workspaceId: string | null) =>
    infiniteQueryOptions({
      queryKey: fileKeys.list(workspaceId),
      queryFn: ({ pageParam, signal }) =>
        apiFetch(fileListUrl(workspaceId, pageParam), gatewaySchema("FileListResponseSchema"), { signal }).then(internFileStrings),
      initialPageParam: null as FilePageParam,
      getNextPageParam: nextCursor,
      // Never refetched behind the user's back: refetching an infinite query walks every loaded page again
      // (hundreds of requests at depth), and our own uploads and deletes already patch the cache.
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnReconnect: false,
      // Back navigation restores the loaded pages from here, so keep them a while after leaving the page.
      gcTime: 15 * 60_000,
      ...fileRetryPolicy,
    }),

  workspaces: () =>
    queryOptions({
      queryKey: fileKeys.workspaces(),
      // One page of the largest size the list allows; a key with more than 100 workspaces is not a case we serve yet.
      queryFn: ({ signal }) => apiFetch("/api/workspaces?limit=100", gatewaySchema("WorkspaceListResponseSchema"), { signal }),
      staleTime: 5 * 60_000,
    }),
};

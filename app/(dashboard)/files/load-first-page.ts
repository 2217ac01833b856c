import "server-only";
import { FileListQuerySchema, FileListResponseSchema } from "@/lib/gateway";
import type { InitialFilePage } from "@/lib/client/queries/files";
import { FILES_PAGE_SIZE } from "@/lib/files/prefetch";
import { upstreamJson } from "@/lib/server/upstream";

/** The server render waits at most this long for the first page; after it the browser fetches it itself. */
const BUDGET_MS = 1500;

/**
 * The first page of a workspace's files for the server-rendered page, so the browser shows rows without a
 * round trip of its own after hydration. Best effort: a malformed workspace id, a slow or rate-limited gateway
 * give null and the client island fetches (and reports the error with a Retry) as usual. The caller checks the
 * session first, as GET /api/files does (any signed-in role may list files).
 */
export async function loadFirstFilePage(workspaceId: string | null): Promise<InitialFilePage | null> {
  const query = FileListQuerySchema.safeParse({ limit: FILES_PAGE_SIZE, workspace_id: workspaceId ?? undefined });
  if (!query.success) return null;
  try {
    const { data } = await upstreamJson(
      { method: "GET", path: "/files", query: query.data, signal: AbortSignal.timeout(BUDGET_MS), timeoutMs: BUDGET_MS },
      FileListResponseSchema,
    );
    return { workspaceId, page: data, fetchedAt: Date.now() };
  } catch {
    return null;
  }
}

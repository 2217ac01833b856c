import { queryOptions } from "@tanstack/react-query";
import { apiFetch, apiRequest } from "@/lib/client/api-client";
import { gatewaySchema } from "@/lib/client/contract";
import { fileKeys, fileRetryPolicy, withWorkspace } from "@/lib/client/queries/files";

/**
 * One file: its URL, its content's URL and its query (the details drawer, the video form's frame picker). Beside
 * ./files.ts rather than in it, so the file browser's first load does not carry what only its drawer uses.
 */

export function fileUrl(workspaceId: string | null, id: string, suffix = ""): string {
  const query = withWorkspace(new URLSearchParams(), workspaceId).toString();
  return `/api/files/${encodeURIComponent(id)}${suffix}${query ? `?${query}` : ""}`;
}

export function fileContentUrl(workspaceId: string | null, id: string): string {
  return fileUrl(workspaceId, id, "/content");
}

/** A file's bytes (GET /api/files/[id]/content); an ApiError when the BFF refuses or cannot be reached. */
export async function fetchFileContent(workspaceId: string | null, id: string, signal?: AbortSignal): Promise<Uint8Array> {
  const response = await apiRequest(fileContentUrl(workspaceId, id), { signal });
  return new Uint8Array(await response.arrayBuffer());
}

export function fileDetailQuery(workspaceId: string | null, id: string) {
  return queryOptions({
    queryKey: fileKeys.detail(workspaceId, id),
    queryFn: ({ signal }) => apiFetch(fileUrl(workspaceId, id), gatewaySchema("FileGetResponseSchema"), { signal }),
    // As patient with a rate limit as the list the drawer opens from (see fileRetryPolicy).
    ...fileRetryPolicy,
  });
}

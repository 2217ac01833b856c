import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";
import { gatewaySchema } from "@/lib/client/contract";
import { fileKeys, withWorkspace } from "@/lib/client/queries/files";
import { pageRetryDelayMs, shouldRetryPage } from "@/lib/files/retry-policy";

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

export function fileDetailQuery(workspaceId: string | null, id: string) {
  return queryOptions({
    queryKey: fileKeys.detail(workspaceId, id),
    queryFn: ({ signal }) => apiFetch(fileUrl(workspaceId, id), gatewaySchema("FileGetResponseSchema"), { signal }),
    retry: (failureCount, error: Error) => shouldRetryPage(failureCount, error),
    retryDelay: (failureCount, error: Error) => pageRetryDelayMs(failureCount, error),
  });
}

import type { QueryClient } from "@tanstack/react-query";
import type { GatewayFile } from "@/lib/contract/gateway";
import { apiFetch } from "@/lib/client/api-client";
import { gatewaySchema } from "@/lib/client/contract";
import { fileUrl } from "@/lib/client/queries/file-detail";
import { fileKeys, withWorkspace, type FileListData } from "@/lib/client/queries/files";

/**
 * What a delete or an upload does to the gateway and to the cached pages of ./files.ts. A module of its own so
 * the file browser loads it with its delete dialog or upload queue, not with the list.
 */

export function fileUploadUrl(workspaceId: string | null): string {
  const query = withWorkspace(new URLSearchParams(), workspaceId).toString();
  return `/api/files${query ? `?${query}` : ""}`;
}

export async function deleteFile(workspaceId: string | null, id: string): Promise<void> {
  await apiFetch(fileUrl(workspaceId, id), gatewaySchema("FileDeleteResponseSchema"), { method: "DELETE" });
}

/** Removes files from every cached page of the workspace's list (after a delete), keeping untouched pages. */
export function removeFilesFromCache(client: QueryClient, workspaceId: string | null, ids: Iterable<string>): void {
  const gone = new Set(ids);
  client.setQueryData<FileListData>(fileKeys.list(workspaceId), (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!page.data.some((file) => gone.has(file.id))) return page;
      changed = true;
      return { ...page, data: page.data.filter((file) => !gone.has(file.id)) };
    });
    return changed ? { ...data, pages } : data;
  });
  for (const id of gone) client.removeQueries({ queryKey: fileKeys.detail(workspaceId, id), exact: true });
}

/**
 * Puts a new upload at the top of the list: the gateway lists newest first, so that is where it would appear
 * on a fresh load. The merge drops the copy a later page may carry, so it is never shown twice.
 */
export function addFileToCache(client: QueryClient, workspaceId: string | null, file: GatewayFile): void {
  client.setQueryData<FileListData>(fileKeys.list(workspaceId), (data) => {
    if (!data || data.pages.length === 0) return data;
    const [first, ...rest] = data.pages;
    if (first.data.some((existing) => existing.id === file.id)) return data;
    return { ...data, pages: [{ ...first, data: [file, ...first.data] }, ...rest] };
  });
  client.setQueryData(fileKeys.detail(workspaceId, file.id), file);
}

"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { GatewayFile } from "@/lib/contract/gateway";
import { isApiStatus } from "@/lib/client/api-error-message";
import { deleteFile, removeFilesFromCache } from "@/lib/client/queries/file-changes";
import { deleteErrorText } from "@/lib/files/deletion";

export interface DeleteResult {
  deleted: string[];
  failed: { file: GatewayFile; message: string }[];
}

/**
 * Deletes files one by one (a file already gone counts as deleted), drops the deleted ones from the
 * cached pages, then tells the caller (`onDeleted`) what went and what failed.
 */
export function useDeleteFiles(workspaceId: string | null, onDeleted: (result: DeleteResult, files: readonly GatewayFile[]) => void) {
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: async (files: readonly GatewayFile[]): Promise<DeleteResult> => {
      const deleted: string[] = [];
      const failed: DeleteResult["failed"] = [];
      for (const file of files) {
        try {
          await deleteFile(workspaceId, file.id);
          deleted.push(file.id);
        } catch (error) {
          // Already gone is what the user wanted.
          if (isApiStatus(error, 404)) deleted.push(file.id);
          else failed.push({ file, message: error instanceof Error ? error.message : "Unknown error" });
        }
      }
      return { deleted, failed };
    },
    onSuccess: (result, files) => {
      removeFilesFromCache(client, workspaceId, result.deleted);
      onDeleted(result, files);
    },
  });
  return { remove, deleteError: remove.data ? deleteErrorText(remove.data.failed) : null };
}

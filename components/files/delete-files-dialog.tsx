"use client";

import type { GatewayFile } from "@/lib/gateway";
import { deletedNotice } from "@/lib/files/delete-messages";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { useDeleteFiles, type DeleteResult } from "./use-delete-files";

/**
 * The delete confirmation with the deletion itself (the mutation, the requests, the cache update and what it
 * announces): one chunk, loaded when the user first asks to delete, so the list's first load carries none of it.
 * Open while `files` is not empty; `onDeleted` gets what went, what failed and the notice to announce.
 */
export function DeleteFilesDialog({
  workspaceId,
  files,
  onClose,
  onDeleted,
}: {
  workspaceId: string | null;
  files: readonly GatewayFile[];
  onClose: () => void;
  onDeleted: (result: DeleteResult, notice: string | null) => void;
}) {
  const { remove, deleteError } = useDeleteFiles(workspaceId, (result, deleting) =>
    onDeleted(result, deletedNotice(deleting, result.deleted.length, result.failed.length)),
  );
  return (
    <ConfirmDeleteDialog
      files={files}
      open={files.length > 0}
      onOpenChange={(open) => {
        if (!open) {
          onClose();
          remove.reset();
        }
      }}
      onConfirm={() => remove.mutate(files)}
      pending={remove.isPending}
      error={deleteError}
    />
  );
}

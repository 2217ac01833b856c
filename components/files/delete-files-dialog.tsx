"use client";

import type { GatewayFile } from "@/lib/contract/gateway";
import { deletedNotice, forgetIds } from "@/lib/files/deletion";
import type { SelectionState } from "@/lib/files/selection";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { useDeleteFiles, type DeleteResult } from "./use-delete-files";

/**
 * The delete confirmation with the deletion itself (the mutation, the requests, the cache update, the selection
 * without the deleted files and what it announces): one chunk, loaded when the user first asks to delete, so the
 * list's first load carries none of it. Open while `files` is not empty; `onDeleted` gets what went, what failed
 * and the notice to announce.
 */
export function DeleteFilesDialog({
  workspaceId,
  files,
  selection,
  rows,
  onSelectionChange,
  onClose,
  onDeleted,
}: {
  workspaceId: string | null;
  files: readonly GatewayFile[];
  /** The list's selection and rows: deleted files leave the selection, and the active row moves to its neighbour. */
  selection: SelectionState;
  rows: readonly GatewayFile[];
  onSelectionChange: (next: SelectionState) => void;
  onClose: () => void;
  onDeleted: (result: DeleteResult, notice: string | null) => void;
}) {
  const { remove, deleteError } = useDeleteFiles(workspaceId, (result, deleting) => {
    const gone = new Set(result.deleted);
    onSelectionChange(forgetIds(selection, result.deleted, rows.filter((row) => !gone.has(row.id))));
    onDeleted(result, deletedNotice(deleting, result.deleted.length, result.failed.length));
  });
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

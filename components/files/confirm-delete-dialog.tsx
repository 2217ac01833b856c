"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent } from "@/components/ui/dialog";
import type { GatewayFile } from "@/lib/contract/gateway";

/** Asks before deleting, naming the file (or the first few of several): deletion cannot be undone. */
export function ConfirmDeleteDialog({
  files,
  open,
  onOpenChange,
  onConfirm,
  pending,
  error,
}: {
  files: readonly GatewayFile[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
  error: string | null;
}) {
  const single = files.length === 1 ? files[0] : null;
  const title = single ? `Delete “${single.filename}”?` : `Delete ${files.length} files?`;
  const shown = files.slice(0, 5);
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent title={title} description="The file is removed from the workspace for good. This cannot be undone.">
        {single ? null : (
          <ul className="mb-4 list-disc space-y-0.5 pl-5 text-sm">
            {shown.map((file) => (
              <li key={file.id} className="truncate">
                {file.filename}
              </li>
            ))}
            {files.length > shown.length ? <li>and {files.length - shown.length} more</li> : null}
          </ul>
        )}
        {error ? (
          <p role="alert" className="mb-4 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <DialogActions cancelDisabled={pending}>
          <Button variant="danger" onClick={onConfirm} disabled={pending}>
            {pending ? "Deleting…" : single ? "Delete file" : `Delete ${files.length} files`}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}

"use client";

import { Button } from "@/components/ui/button";
import { formatCount } from "@/lib/format/count";

/** Beside the status line: how many are selected, Details, Delete selected and Clear selection. */
export function SelectionActions({
  selectedCount,
  canOpenDetails,
  onDetails,
  canDelete,
  onDelete,
  onClear,
}: {
  selectedCount: number;
  canOpenDetails: boolean;
  onDetails: () => void;
  /** The user may delete and some selected file is loaded. */
  canDelete: boolean;
  onDelete: () => void;
  onClear: () => void;
}) {
  return (
    <>
      {selectedCount > 0 ? (
        <span className="text-sm text-slate-600 dark:text-slate-400" data-testid="files-selected-count">
          {formatCount(selectedCount)} selected
        </span>
      ) : null}
      <Button size="sm" variant="ghost" disabled={!canOpenDetails} onClick={onDetails}>
        Details
      </Button>
      {canDelete ? (
        <Button size="sm" variant="ghost" className="text-red-700 dark:text-red-400" onClick={onDelete}>
          Delete selected…
        </Button>
      ) : null}
      {selectedCount > 0 ? (
        <Button size="sm" variant="ghost" onClick={onClear}>
          Clear<span className="hidden sm:inline"> selection</span>
        </Button>
      ) : null}
    </>
  );
}

"use client";

import { Button } from "@/components/ui/button";
import { formatCount } from "@/lib/format/count";

/** The selection's part of SelectionActions: the count, then Details (given), Delete selected and Clear selection. */
export function SelectedActions({ selectedCount, details, canDelete, onDelete, onClear }: {
  selectedCount: number;
  details: React.ReactNode;
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
      {details}
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

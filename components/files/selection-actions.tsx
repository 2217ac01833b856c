"use client";

import { Suspense } from "react";
import { Button } from "@/components/ui/button";
import { lazyNamed } from "@/components/ui/lazy-component";

// What only a selection shows (its count, Delete selected, Clear selection) is a chunk of its own, loaded with the
// first selection: most visits to /files only look.
const SelectedActions = lazyNamed(() => import("./selected-actions"), "SelectedActions");

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
  const details = (
    <Button size="sm" variant="ghost" disabled={!canOpenDetails} onClick={onDetails}>
      Details
    </Button>
  );
  if (selectedCount === 0 && !canDelete) return details;
  return (
    <Suspense fallback={details}>
      <SelectedActions selectedCount={selectedCount} details={details} canDelete={canDelete} onDelete={onDelete} onClear={onClear} />
    </Suspense>
  );
}

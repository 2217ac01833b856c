"use client";

import { useCallback, useState } from "react";
import { emptySelection, type SelectionState } from "@/lib/files/selection";

// Selection per workspace outlives the component (client navigation away and back), like the cached pages.
const selectionMemory = new Map<string, SelectionState>();

/** The list's selection, remembered per workspace for when the user comes back. */
export function useFileSelection(workspaceKey: string) {
  const [selection, setSelectionState] = useState<SelectionState>(() => selectionMemory.get(workspaceKey) ?? emptySelection);
  const setSelection = useCallback(
    (next: SelectionState) => {
      selectionMemory.set(workspaceKey, next);
      setSelectionState(next);
    },
    [workspaceKey],
  );
  return [selection, setSelection] as const;
}

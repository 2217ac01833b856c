"use client";

import { useState } from "react";
import type { PresetVersion } from "@/lib/contract/gateway";
import { useVersionAuthor } from "./use-version-author";

/**
 * A save that met someone else's version: which version (`theirs`), whether its dialog is open, and who saved
 * a version (`behind`: a newer version is designated than the edit's base, and its author is wanted for the
 * banner too). The field-by-field rows are the dialog's; how it is settled is the caller's.
 */
export function useSaveConflict(slug: string, behind: boolean) {
  const [conflict, setConflict] = useState<{ theirs: PresetVersion; open: boolean } | null>(null);
  const authorOf = useVersionAuthor(slug, conflict !== null || behind);
  return {
    conflict,
    authorOf,
    show: (theirs: PresetVersion) => setConflict({ theirs, open: true }),
    setOpen: (open: boolean) => setConflict((previous) => previous && { ...previous, open }),
    clear: () => setConflict(null),
  };
}

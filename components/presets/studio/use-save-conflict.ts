"use client";

import { useMemo, useState } from "react";
import type { PresetVersion } from "@/lib/gateway";
import { conflictRows, presetDocument } from "@/lib/presets/diff";
import { storedPreview, type RequestValues } from "@/lib/presets/form-values";
import { documentOf } from "@/lib/presets/version-document";
import { useVersionAuthor } from "./use-version-author";

export interface SaveConflictOptions {
  slug: string;
  /** A newer version is designated than the edit's base (authors are wanted for the banner too). */
  behind: boolean;
  base: PresetVersion | null;
  current: RequestValues;
  storedFields: readonly string[];
}

/**
 * A save that met someone else's version: which version (`theirs`), whether its dialog is open, the
 * field-by-field rows of base, theirs and mine, and who saved a version. How it is settled is the caller's.
 */
export function useSaveConflict({ slug, behind, base, current, storedFields }: SaveConflictOptions) {
  const [conflict, setConflict] = useState<{ theirs: PresetVersion; open: boolean } | null>(null);
  const authorOf = useVersionAuthor(slug, conflict !== null || behind);
  const rows = useMemo(
    () => (conflict ? conflictRows(documentOf(base), presetDocument(conflict.theirs), presetDocument(storedPreview(current, storedFields))) : []),
    [conflict, base, current, storedFields],
  );
  return {
    conflict,
    rows,
    authorOf,
    show: (theirs: PresetVersion) => setConflict({ theirs, open: true }),
    setOpen: (open: boolean) => setConflict((previous) => previous && { ...previous, open }),
    clear: () => setConflict(null),
  };
}

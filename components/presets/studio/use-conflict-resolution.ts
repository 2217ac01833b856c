"use client";

import type { UseFormReturn } from "react-hook-form";
import type { ChatRequestInput, PresetVersion } from "@/lib/contract/gateway";
import { reappliedNotice, tookTheirsNotice } from "@/lib/presets/conflict-notices";
import { discardDraft } from "@/lib/presets/draft-storage";
import type { RequestValues } from "@/lib/presets/form-values";
import type { MergeResult } from "@/lib/presets/merge";
import type { useSaveConflict } from "./use-save-conflict";

export interface ConflictResolutionOptions {
  slug: string;
  form: UseFormReturn<ChatRequestInput>;
  conflicts: ReturnType<typeof useSaveConflict>;
  setBase: (version: PresetVersion) => void;
  /** Makes `version` the base and shows it in the form. */
  moveTo: (version: PresetVersion) => void;
  resetTo: (request: RequestValues) => void;
  setNotice: (notice: string) => void;
}

/**
 * The two ways out of a save conflict: take their version (the edit is dropped, with its draft), or put the
 * edit back on top of theirs (their version becomes the base, so the next save goes over it).
 */
export function useConflictResolution({ slug, form, conflicts, setBase, moveTo, resetTo, setNotice }: ConflictResolutionOptions) {
  const { conflict } = conflicts;
  const takeTheirs = () => {
    if (!conflict) return;
    moveTo(conflict.theirs);
    discardDraft(slug);
    conflicts.clear();
    setNotice(tookTheirsNotice(conflict.theirs.version));
    window.scrollTo({ top: 0 });
  };

  const reapplyMine = ({ merged, overridden }: MergeResult) => {
    if (!conflict) return;
    setBase(conflict.theirs);
    resetTo(merged);
    void form.trigger();
    conflicts.clear();
    setNotice(reappliedNotice(conflict.theirs.version, overridden));
    window.scrollTo({ top: 0 });
  };

  return { takeTheirs, reapplyMine };
}

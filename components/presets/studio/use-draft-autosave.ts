"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { PresetVersion } from "@/lib/contract/gateway";
import { discardDraft, saveDraft } from "@/lib/presets/draft-storage";
import type { RequestValues } from "@/lib/presets/form-values";
import { useUnsavedGuard } from "./use-unsaved-guard";

export interface DraftAutosaveOptions {
  slug: string;
  readOnly: boolean;
  /** The form differs from the version it started from. */
  dirty: boolean;
  isNew: boolean;
  /** The pruned form values, as they would be saved. */
  current: RequestValues;
  base: PresetVersion | null;
  /** When a draft from this browser was restored, its time. */
  restoredDraftAt: number | null;
}

/**
 * Keeps the edit as a draft in this browser: written a moment after each change, on pagehide and
 * before leaving the page, and removed once the form is back to its base. `clear` forgets the draft
 * (after a save or a discard).
 */
export function useDraftAutosave({ slug, readOnly, dirty, isNew, current, base, restoredDraftAt }: DraftAutosaveOptions) {
  const [restoredAt, setRestoredAt] = useState(restoredDraftAt);
  const [draftSavedAt, setDraftSavedAt] = useState<number | null>(restoredDraftAt);

  const draftRef = useRef<() => void>(() => {});
  const writeDraft = () => {
    if (readOnly) return;
    if (dirty || (isNew && restoredAt !== null)) {
      saveDraft(slug, { request: current, baseVersionId: base?.id ?? null, baseVersion: base?.version ?? null, savedAt: Date.now() });
    } else {
      discardDraft(slug);
    }
  };
  useEffect(() => {
    draftRef.current = writeDraft;
  });
  useEffect(() => {
    if (readOnly) return;
    const timer = setTimeout(() => {
      draftRef.current();
      setDraftSavedAt(dirty ? Date.now() : null);
    }, 250);
    return () => clearTimeout(timer);
  }, [current, dirty, base, slug, readOnly]);
  const flushDraft = useCallback(() => draftRef.current(), []);
  useUnsavedGuard(dirty && !readOnly, flushDraft);
  useEffect(() => {
    window.addEventListener("pagehide", flushDraft);
    return () => window.removeEventListener("pagehide", flushDraft);
  }, [flushDraft]);

  const clear = useCallback(() => {
    discardDraft(slug);
    setRestoredAt(null);
    setDraftSavedAt(null);
  }, [slug]);

  return { restoredAt, draftSavedAt, clear };
}

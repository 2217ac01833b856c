"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { presetQueries } from "@/lib/client/queries/presets";
import type { PresetVersion, PresetWithDesignatedVersion } from "@/lib/contract/gateway";
import { loadDraft, type PresetDraft } from "@/lib/presets/draft-storage";

/**
 * Where the edit starts: a draft from this browser (with the version it began from, fetched when it is
 * no longer the designated one), the designated version, or a new preset.
 */
export function useEditStart(slug: string, preset: PresetWithDesignatedVersion | null, ready: boolean) {
  const [draft] = useState<PresetDraft | null>(() => (typeof window === "undefined" ? null : loadDraft(slug)));
  const designated = preset?.designated_version ?? null;
  const draftBaseIsOld = draft?.baseVersionId != null && draft.baseVersionId !== designated?.id && draft.baseVersion !== null;
  const oldBase = useQuery({
    ...presetQueries.version(slug, draft?.baseVersion ?? 1),
    enabled: ready && draftBaseIsOld,
  });

  if (!ready) return null;
  if (draft) {
    if (draft.baseVersionId === null) return { base: null, request: draft.request, restoredAt: draft.savedAt };
    if (!draftBaseIsOld) return { base: designated, request: draft.request, restoredAt: draft.savedAt };
    if (oldBase.isPending) return null;
    // The version the draft began from is gone (or unreadable): keep the draft, start from designated.
    const base: PresetVersion | null = oldBase.data && oldBase.data.id === draft.baseVersionId ? oldBase.data : designated;
    return { base, request: draft.request, restoredAt: draft.savedAt };
  }
  return { base: designated, request: null, restoredAt: null };
}

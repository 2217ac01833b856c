"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isApiStatus } from "@/lib/client/api-error-message";
import { gatewaySchema } from "@/lib/client/contract";
import { presetKeys } from "@/lib/client/queries/presets";
import type { PresetSaveResponse, PresetVersion } from "@/lib/contract/gateway";
import type { RequestValues } from "@/lib/presets/form-values";
import { postPreset, storeSavedPreset } from "@/lib/client/queries/preset-save";

export interface PresetSaveHandlers {
  /** The save landed; the caches are already updated. */
  onSaved: (envelope: PresetSaveResponse) => void;
  /** Someone saved `theirs` since `base` (409 with the current version). */
  onConflict: (theirs: PresetVersion) => void;
  onFailed: (message: string) => void;
}

/**
 * The save of a preset over `base` (If-Match), or its creation when `base` is null (If-None-Match),
 * and the query caches a save or a conflict makes stale. What the editor shows is the caller's.
 */
export function usePresetSave(slug: string, base: PresetVersion | null, { onSaved, onConflict, onFailed }: PresetSaveHandlers) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RequestValues) =>
      // If-None-Match: * makes a create fail, not overwrite, when someone created the slug first.
      postPreset(slug, request, base ? { "If-Match": base.id } : { "If-None-Match": "*" }),
    onSuccess: (envelope) => {
      storeSavedPreset(queryClient, slug, envelope);
      onSaved(envelope);
    },
    onError: async (error) => {
      if (isApiStatus(error, 409)) {
        // The contract's schemas are loaded with the first answer that needs them, not with the page.
        const versionSchema = await gatewaySchema("PresetVersionSchema")().catch(() => null);
        const theirs = versionSchema?.safeParse(error.metadata?.current_version);
        if (theirs?.success) {
          onConflict(theirs.data);
          void queryClient.invalidateQueries({ queryKey: presetKeys.detail(slug) });
          void queryClient.invalidateQueries({ queryKey: presetKeys.audit(slug) });
          return;
        }
      }
      onFailed(error instanceof Error ? error.message : "Saving failed");
    },
  });
}

"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isApiStatus } from "@/lib/client/api-error-message";
import { presetKeys } from "@/lib/client/queries/presets";
import type { PresetSaveResponse, PresetVersion } from "@/lib/contract/gateway";
import { versionToRequest } from "@/lib/presets/form-values";
import { postPreset, storeSavedPreset } from "@/lib/client/queries/preset-save";

/**
 * Restores an old version by saving it as a new one over the designated version (If-Match when the
 * gateway named it). A 409 means someone saved in between: the preset is fetched again.
 */
export function useRestoreVersion(slug: string, designatedId: string | null, onRestored: (envelope: PresetSaveResponse, version: PresetVersion) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: PresetVersion) => postPreset(slug, versionToRequest(version), designatedId ? { "If-Match": designatedId } : {}),
    onSuccess: (envelope, version) => {
      storeSavedPreset(queryClient, slug, envelope);
      onRestored(envelope, version);
    },
    onError: (error) => {
      if (isApiStatus(error, 409)) void queryClient.invalidateQueries({ queryKey: presetKeys.detail(slug) });
    },
  });
}

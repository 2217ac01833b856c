import type { QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";
import { gatewaySchema } from "@/lib/client/contract";
import { presetKeys } from "@/lib/client/queries/presets";
import type { PresetSaveResponse } from "@/lib/contract/gateway";
import type { RequestValues } from "@/lib/presets/form-values";

/** Saves `request` as the preset's new version (the editor's save, a restore) through the BFF. */
export function postPreset(slug: string, request: RequestValues, headers: Record<string, string>): Promise<PresetSaveResponse> {
  return apiFetch(`/api/presets/${encodeURIComponent(slug)}`, gatewaySchema("PresetSaveResponseSchema"), { method: "POST", json: request, headers });
}

/** After a save: the preset as answered, and the lists, versions and audit that it made stale. */
export function storeSavedPreset(queryClient: QueryClient, slug: string, envelope: PresetSaveResponse): void {
  queryClient.setQueryData(presetKeys.detail(slug), envelope.data);
  void queryClient.invalidateQueries({ queryKey: presetKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: presetKeys.versions(slug) });
  void queryClient.invalidateQueries({ queryKey: presetKeys.audit(slug) });
}

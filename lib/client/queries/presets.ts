import { queryOptions } from "@tanstack/react-query";
import { apiData, apiFetch, apiRequest } from "@/lib/client/api-client";
import { isApiStatus } from "@/lib/client/api-error-message";
import { bffSchema, gatewaySchema } from "@/lib/client/contract";
import { collectPresetCatalog, collectPresetVersions } from "@/lib/presets/paging";

/**
 * Query key factories for the preset studio: every page, prefetch and invalidation builds its keys
 * here, so a save can invalidate exactly what it changed.
 */

const enc = encodeURIComponent;

export const presetKeys = {
  all: ["presets"] as const,
  lists: () => [...presetKeys.all, "list"] as const,
  page: (offset: number, limit: number) => [...presetKeys.lists(), "page", { offset, limit }] as const,
  catalog: () => [...presetKeys.lists(), "catalog"] as const,
  summaries: (slugs: readonly string[]) => [...presetKeys.lists(), "summaries", [...slugs]] as const,
  detail: (slug: string) => [...presetKeys.all, "detail", slug] as const,
  versions: (slug: string) => [...presetKeys.detail(slug), "versions"] as const,
  version: (slug: string, version: number) => [...presetKeys.detail(slug), "version", version] as const,
  audit: (slug: string) => [...presetKeys.detail(slug), "audit"] as const,
};

export const presetQueries = {
  /**
   * One page of GET /api/presets, in the gateway's order (most recently updated first), each row with its
   * version and last author (`with=summary`): one request however many rows.
   */
  page: (offset: number, limit: number) =>
    queryOptions({
      queryKey: presetKeys.page(offset, limit),
      queryFn: ({ signal }) => apiFetch(`/api/presets?offset=${offset}&limit=${limit}&with=summary`, bffSchema("PresetRowListResponseSchema"), { signal }),
      placeholderData: (previous) => previous,
    }),

  /** Version and last author of the rows a search or sort of the catalog shows: one request for them all. */
  summaries: (slugs: readonly string[]) =>
    queryOptions({
      queryKey: presetKeys.summaries(slugs),
      queryFn: ({ signal }) =>
        apiData(`/api/preset-summaries?slugs=${slugs.map(enc).join(",")}`, bffSchema("PresetSummaryListResponseSchema"), { signal }),
      placeholderData: (previous) => previous,
    }),

  /**
   * Every preset, fetched page by page over the offset paging. The gateway neither searches nor
   * sorts presets, so searching by name or sorting by another column needs the whole list.
   */
  catalog: () =>
    queryOptions({
      queryKey: presetKeys.catalog(),
      queryFn: ({ signal }) =>
        collectPresetCatalog((offset, limit) => apiFetch(`/api/presets?offset=${offset}&limit=${limit}`, gatewaySchema("PresetListResponseSchema"), { signal })),
    }),

  detail: (slug: string) =>
    queryOptions({
      queryKey: presetKeys.detail(slug),
      queryFn: ({ signal }) => apiData(`/api/presets/${enc(slug)}`, gatewaySchema("PresetEnvelopeSchema"), { signal }),
    }),

  /** All versions, oldest first (paged through; presets rarely have more than a few hundred). */
  versions: (slug: string) =>
    queryOptions({
      queryKey: presetKeys.versions(slug),
      queryFn: ({ signal }) =>
        collectPresetVersions((offset, limit) =>
          apiFetch(`/api/presets/${enc(slug)}/versions?offset=${offset}&limit=${limit}`, gatewaySchema("PresetVersionListResponseSchema"), { signal }),
        ),
    }),

  version: (slug: string, version: number) =>
    queryOptions({
      queryKey: presetKeys.version(slug, version),
      queryFn: ({ signal }) =>
        apiData(`/api/presets/${enc(slug)}/versions/${version}`, gatewaySchema("PresetVersionEnvelopeSchema"), { signal }),
      // A stored version never changes.
      staleTime: Infinity,
    }),

  audit: (slug: string) =>
    queryOptions({
      queryKey: presetKeys.audit(slug),
      queryFn: ({ signal }) => apiData(`/api/presets/${enc(slug)}/audit`, bffSchema("PresetAuditResponseSchema"), { signal }),
    }),
};

const modelCatalogQuery = () =>
  queryOptions({
    queryKey: [...presetKeys.all, "model-suggestions"] as const,
    queryFn: ({ signal }) => apiFetch("/api/models", gatewaySchema("ModelListResponseSchema"), { signal }),
    staleTime: 10 * 60_000,
  });

/** Model ids offered as suggestions in the preset editor (GET /api/models). */
export const modelSuggestionsQuery = () => queryOptions({ ...modelCatalogQuery(), select: (body) => body.data });

/** How many models of GET /api/models the BFF could not read and left out (same query, same cache). */
export const modelsSkippedQuery = () => queryOptions({ ...modelCatalogQuery(), select: (body) => body.metadata?.skipped ?? 0 });

export type SlugAvailability = "unknown" | "checking" | "free" | "taken" | "error";

/** Whether a new preset may take `slug`: GET /api/presets/{slug} answers 404 when it is free. */
export async function slugAvailability(slug: string, signal?: AbortSignal): Promise<SlugAvailability> {
  try {
    await apiRequest(`/api/presets/${encodeURIComponent(slug)}`, { signal });
    return "taken";
  } catch (error) {
    if (isApiStatus(error, 404)) return "free";
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return "error";
  }
}

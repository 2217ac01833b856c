import { queryOptions } from "@tanstack/react-query";
import { PresetAuditResponseSchema } from "@/lib/bff/schemas";
import {
  ModelListResponseSchema,
  PRESET_LIST_MAX_LIMIT,
  PresetEnvelopeSchema,
  PresetListResponseSchema,
  PresetVersionEnvelopeSchema,
  PresetVersionListResponseSchema,
  type Preset,
} from "@/lib/gateway";
import { apiFetch } from "@/lib/client/api-client";

/**
 * Query key factories for the preset studio: every page, prefetch and invalidation builds its keys
 * here, so a save can invalidate exactly what it changed.
 */

const enc = encodeURIComponent;

/** Walking every page to search or sort the whole catalog stops here; the UI says when it did. */
export const PRESET_CATALOG_CAP = 2000;

export const presetKeys = {
  all: ["presets"] as const,
  lists: () => [...presetKeys.all, "list"] as const,
  page: (offset: number, limit: number) => [...presetKeys.lists(), "page", { offset, limit }] as const,
  catalog: () => [...presetKeys.lists(), "catalog"] as const,
  detail: (slug: string) => [...presetKeys.all, "detail", slug] as const,
  versions: (slug: string) => [...presetKeys.detail(slug), "versions"] as const,
  version: (slug: string, version: number) => [...presetKeys.detail(slug), "version", version] as const,
  audit: (slug: string) => [...presetKeys.detail(slug), "audit"] as const,
};

export const presetQueries = {
  /** One page of GET /api/presets, in the gateway's order (most recently updated first). */
  page: (offset: number, limit: number) =>
    queryOptions({
      queryKey: presetKeys.page(offset, limit),
      queryFn: ({ signal }) => apiFetch(`/api/presets?offset=${offset}&limit=${limit}`, PresetListResponseSchema, { signal }),
      placeholderData: (previous) => previous,
    }),

  /**
   * Every preset, fetched page by page over the offset paging. The gateway neither searches nor
   * sorts presets, so searching by name or sorting by another column needs the whole list.
   */
  catalog: () =>
    queryOptions({
      queryKey: presetKeys.catalog(),
      queryFn: async ({ signal }) => {
        const presets: Preset[] = [];
        let total = 0;
        for (let offset = 0; offset < PRESET_CATALOG_CAP; offset += PRESET_LIST_MAX_LIMIT) {
          const page = await apiFetch(`/api/presets?offset=${offset}&limit=${PRESET_LIST_MAX_LIMIT}`, PresetListResponseSchema, { signal });
          presets.push(...page.data);
          total = page.total_count;
          if (page.data.length < PRESET_LIST_MAX_LIMIT || presets.length >= total) break;
        }
        return { data: presets, total_count: total, truncated: presets.length < total };
      },
    }),

  detail: (slug: string) =>
    queryOptions({
      queryKey: presetKeys.detail(slug),
      queryFn: ({ signal }) => apiFetch(`/api/presets/${enc(slug)}`, PresetEnvelopeSchema, { signal }).then((body) => body.data),
      // A missing preset is an answer (the editor offers to create it), not something to retry.
      retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
    }),

  /** All versions, oldest first (paged through; presets rarely have more than a few hundred). */
  versions: (slug: string) =>
    queryOptions({
      queryKey: presetKeys.versions(slug),
      queryFn: async ({ signal }) => {
        const versions = [];
        for (let offset = 0; ; offset += PRESET_LIST_MAX_LIMIT) {
          const page = await apiFetch(
            `/api/presets/${enc(slug)}/versions?offset=${offset}&limit=${PRESET_LIST_MAX_LIMIT}`,
            PresetVersionListResponseSchema,
            { signal },
          );
          versions.push(...page.data);
          if (page.data.length < PRESET_LIST_MAX_LIMIT || versions.length >= page.total_count) break;
        }
        return versions.sort((a, b) => a.version - b.version);
      },
    }),

  version: (slug: string, version: number) =>
    queryOptions({
      queryKey: presetKeys.version(slug, version),
      queryFn: ({ signal }) =>
        apiFetch(`/api/presets/${enc(slug)}/versions/${version}`, PresetVersionEnvelopeSchema, { signal }).then((body) => body.data),
      // A stored version never changes.
      staleTime: Infinity,
    }),

  audit: (slug: string) =>
    queryOptions({
      queryKey: presetKeys.audit(slug),
      queryFn: ({ signal }) => apiFetch(`/api/presets/${enc(slug)}/audit`, PresetAuditResponseSchema, { signal }).then((body) => body.data),
    }),
};

const modelCatalogQuery = () =>
  queryOptions({
    queryKey: [...presetKeys.all, "model-suggestions"] as const,
    queryFn: ({ signal }) => apiFetch("/api/models", ModelListResponseSchema, { signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });

/** Model ids offered as suggestions in the preset editor (GET /api/models). */
export const modelSuggestionsQuery = () => queryOptions({ ...modelCatalogQuery(), select: (body) => body.data });

/** How many models of GET /api/models the BFF could not read and left out (same query, same cache). */
export const modelsSkippedQuery = () => queryOptions({ ...modelCatalogQuery(), select: (body) => body.metadata?.skipped ?? 0 });

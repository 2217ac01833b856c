import { queryOptions } from "@tanstack/react-query";
import { VideoModelListResponseSchema, type VideoModelListResponse } from "@/lib/gateway";
import { ApiError, apiRequest } from "@/lib/client/api-client";

export const VIDEO_MODELS_PATH = "/api/videos/models";

export const videoModelKeys = {
  all: ["video-models"] as const,
  list: () => [...videoModelKeys.all, "list"] as const,
};

/**
 * The last list this tab received with its ETag. A refetch sends If-None-Match and, on 304, reuses
 * this list: the catalog is re-validated cheaply after staleTime without downloading it again.
 * `cache: "no-store"` keeps the browser's HTTP cache out of it so the 304 reaches this code.
 */
let lastList: { etag: string; data: VideoModelListResponse } | null = null;

export async function fetchVideoModels(signal?: AbortSignal): Promise<VideoModelListResponse> {
  const known = lastList;
  try {
    const response = await apiRequest(VIDEO_MODELS_PATH, {
      signal,
      cache: "no-store",
      headers: known ? { "if-none-match": known.etag } : undefined,
    });
    const data = VideoModelListResponseSchema.parse(await response.json());
    const etag = response.headers.get("etag");
    lastList = etag ? { etag, data } : null;
    return data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 304 && known) return known.data;
    throw error;
  }
}

export const videoModelQueries = {
  /** GET /api/videos/models: the whole catalog (a few dozen models); filtering and sorting happen in the browser. */
  list: () =>
    queryOptions({
      queryKey: videoModelKeys.list(),
      queryFn: ({ signal }) => fetchVideoModels(signal),
      // The catalog changes when a provider ships a model, not while someone compares prices.
      staleTime: 5 * 60_000,
      // Retry what may pass on a second try (network, gateway hiccups), not a refusal (401, 403, 400).
      retry: (failures, error) => failures < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500),
    }),
};

import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { VideoModelListResponse } from "@/lib/contract/gateway";
import { gatewaySchema } from "@/lib/client/contract";
import { ApiError, apiRequest } from "@/lib/client/api-client";

const VIDEO_MODELS_PATH = "/api/videos/models";

const videoModelKeys = {
  all: ["video-models"] as const,
  list: () => [...videoModelKeys.all, "list"] as const,
};

/**
 * ETag of the list now in the query cache. A refetch sends If-None-Match and, on 304, keeps the
 * cached list: after staleTime the catalog is revalidated without downloading it again.
 * `cache: "no-store"` keeps the browser's HTTP cache out of it so the 304 reaches this code.
 */
let cachedEtag: string | null = null;

/** The server-rendered page hands over the ETag of the list it prefetched into the cache. */
export function rememberVideoModelsEtag(etag: string | null): void {
  if (etag) cachedEtag = etag;
}

async function fetchVideoModels(client: QueryClient, signal?: AbortSignal): Promise<VideoModelListResponse> {
  const cached = client.getQueryData<VideoModelListResponse>(videoModelKeys.list());
  const etag = cached ? cachedEtag : null;
  try {
    const response = await apiRequest(VIDEO_MODELS_PATH, {
      signal,
      cache: "no-store",
      headers: etag ? { "if-none-match": etag } : undefined,
    });
    const [schema, body] = await Promise.all([gatewaySchema("VideoModelListResponseSchema")(), response.json()]);
    const data = schema.parse(body);
    cachedEtag = response.headers.get("etag");
    return data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 304 && cached) return cached;
    throw error;
  }
}

export const videoModelQueries = {
  /** GET /api/videos/models: the whole catalog (a few dozen models); filtering and sorting happen in the browser. */
  list: () =>
    queryOptions({
      queryKey: videoModelKeys.list(),
      queryFn: ({ client, signal }) => fetchVideoModels(client, signal),
      // The catalog changes when a provider ships a model, not while someone compares prices.
      staleTime: 5 * 60_000,
    }),
};

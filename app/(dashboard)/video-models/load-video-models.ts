import "server-only";
import { VideoModelListResponseSchema, type VideoModelListResponse } from "@/lib/gateway";
import { cachedVideoModelCatalog } from "@/lib/server/handlers/catalog";

/**
 * The catalog for the server-rendered first paint, from the BFF's own cache (so a page view costs no
 * extra gateway call), with the ETag the browser will revalidate against. The caller checks the
 * session first, as the route does (any signed-in role may read the catalog).
 */
export async function loadVideoModels(): Promise<{ list: VideoModelListResponse; etag: string }> {
  const { body, etag } = await cachedVideoModelCatalog();
  return { list: VideoModelListResponseSchema.parse(JSON.parse(body)), etag };
}

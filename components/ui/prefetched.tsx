import { dehydrate, HydrationBoundary, type QueryClient } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";

/**
 * A server page's island with its data already in the cache: `prefetch` fills a fresh query client (one per
 * request), which the browser's client hydrates from. A prefetch that fails leaves its query to the browser.
 */
export async function Prefetched({ prefetch, children }: { prefetch: (queryClient: QueryClient) => Promise<unknown>; children: React.ReactNode }) {
  const queryClient = makeQueryClient();
  await prefetch(queryClient);
  return <HydrationBoundary state={dehydrate(queryClient)}>{children}</HydrationBoundary>;
}

import { QueryClient } from "@tanstack/react-query";

/**
 * The one place for the query cache's defaults, for both sides: the browser's provider makes one client for
 * the page's lifetime, and every server page makes one per request to prefetch into and dehydrate
 * (`<HydrationBoundary state={dehydrate(client)}>`). Only successful queries are dehydrated (the default):
 * a prefetch that failed leaves the query to the browser, which fetches it and shows the error with a retry.
 * With a staleTime above zero the browser does not refetch what the server just fetched.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false },
    },
  });
}

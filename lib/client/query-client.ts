import { environmentManager, QueryCache, QueryClient } from "@tanstack/react-query";
import { isApiStatus } from "./api-error-message";
import { retryPolicy } from "./retry-policy";

/**
 * The one place for the query cache's defaults, for both sides: the browser's provider makes one client for
 * the page's lifetime, and every server page makes one per request to prefetch into and dehydrate
 * (`<HydrationBoundary state={dehydrate(client)}>`). Only successful queries are dehydrated (the default):
 * a prefetch that failed leaves the query to the browser, which fetches it and shows the error with a retry.
 * With a staleTime above zero the browser does not refetch what the server just fetched.
 *
 * Every read retries what may pass on another try (./retry-policy: network failures, 5xx, 429 after its
 * Retry-After) a few times and never a refusal; a query sets other limits only with its reason beside them.
 * A server prefetch never retries (TanStack's own server default): the page is waiting, and the browser tries again.
 */
export function makeQueryClient(options: { onUnauthorized?: () => void } = {}): QueryClient {
  const { onUnauthorized } = options;
  return new QueryClient({
    // A read answered 401 means the session is over (signed out elsewhere, a new password, a lower role):
    // the browser's client sends the user to sign in, back to this page afterwards. Writes are not sent
    // away (MutationCache untouched): their forms keep what was typed and say the session expired.
    queryCache: new QueryCache({
      onError(error) {
        if (onUnauthorized && isApiStatus(error, 401)) onUnauthorized();
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, ...(environmentManager.isServer() ? { retry: false } : retryPolicy()) },
    },
  });
}

/** Where a page whose session ended sends the user: sign-in, coming back to the same path and query. */
export function signInAgainHref(location: { pathname: string; search: string }): string {
  return `/sign-in?callbackUrl=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}

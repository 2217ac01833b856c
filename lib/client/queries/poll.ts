import { queryOptions, type QueryKey } from "@tanstack/react-query";

/**
 * A record that moves on the server (an evaluation run, a video generation), asked for again every `everyMs` until
 * `finished` says it has ended. Never stale: a page opened later asks at once instead of showing an old state.
 */
export function pollUntilFinished<T, K extends QueryKey>(queryKey: K, fetch: (signal: AbortSignal) => Promise<T>, finished: (record: T) => boolean, everyMs: number) {
  return queryOptions<T, Error, T, K>({
    queryKey,
    queryFn: ({ signal }) => fetch(signal),
    refetchInterval: (query) => (query.state.data !== undefined && finished(query.state.data) ? false : everyMs),
    staleTime: 0,
  });
}

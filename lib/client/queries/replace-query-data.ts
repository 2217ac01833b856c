import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Puts a mutation's answer (a renamed or cancelled run, a cancelled generation) in the cache as the record's state.
 * A fetch of the same record still in flight (the refetch on mount of a page's hydrated data, a poll) read the
 * server before the mutation and would land after the answer, bringing the old state back (a rename that seems to
 * revert, a finished poll started again): it is cancelled first, which keeps what the cache held before it.
 */
export async function replaceQueryData<T>(client: QueryClient, queryKey: QueryKey, data: T): Promise<void> {
  await client.cancelQueries({ queryKey, exact: true });
  client.setQueryData(queryKey, data);
}

"use client";

import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useDeferredValue, useMemo, useState } from "react";
import type { GatewayFile } from "@/lib/contract/gateway";
import { fileQueries, initialListData, type InitialFilePage } from "@/lib/client/queries/files";
import { filterRows, parseFilter } from "@/lib/files/filter";
import { createPageMerger, type MergedRows } from "@/lib/files/merge-pages";
import { shouldFetchMore } from "@/lib/files/prefetch";
import { isRateLimited } from "@/lib/client/retry-policy";
import { useLoadAll } from "./use-load-all";
import { useRateLimitCountdown } from "./use-rate-limit-countdown";

const EMPTY: MergedRows<GatewayFile> = { rows: [], duplicates: 0 };

/**
 * A workspace's files as pages from the gateway, merged into one list and filtered: the next page is
 * asked for as the user scrolls near the end, or all of them with `setLoadAll` to search everything.
 */
export function useWorkspaceFilePages(workspaceId: string | null, initialPage: InitialFilePage | null, filter: string) {
  const client = useQueryClient();
  const listOptions = fileQueries.list(workspaceId);
  // Pages already cached means we came back (back button, workspace switch back): restore the scroll position.
  const [restoring] = useState(() => client.getQueryData(listOptions.queryKey) !== undefined);
  // The server's first page counts only when nothing is cached (initialData never overwrites a cache entry).
  const [seed] = useState(() => initialListData(initialPage));
  const query = useInfiniteQuery({ ...listOptions, ...seed });
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  const [merge] = useState(() => createPageMerger<GatewayFile>());
  const pages = query.data?.pages;
  const merged = useMemo(() => (pages ? merge(pages) : EMPTY), [pages, merge]);
  const deferredFilter = useDeferredValue(filter);
  const filtering = parseFilter(deferredFilter).length > 0;
  const rows = useMemo(() => filterRows(merged.rows, deferredFilter), [merged.rows, deferredFilter]);
  const complete = query.isSuccess && !hasNextPage;

  const canFetchMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const onRangeChange = useCallback(
    (lastIndex: number, visibleRows: number) => {
      if (!canFetchMore || filtering) return;
      if (shouldFetchMore({ lastVisibleIndex: lastIndex, loadedCount: rows.length, visibleRows })) void fetchNextPage({ cancelRefetch: false });
    },
    [canFetchMore, filtering, rows.length, fetchNextPage],
  );
  const { loadingAll, setLoadAll } = useLoadAll(canFetchMore, hasNextPage, fetchNextPage);

  const countdown = useRateLimitCountdown(listOptions.queryKey);
  const rateLimited = countdown !== null && query.isFetching && isRateLimited(query.failureReason);

  return {
    query,
    restoring,
    /** Every loaded file, unfiltered. */
    allRows: merged.rows,
    rows,
    deferredFilter,
    filtering,
    complete,
    onRangeChange,
    loadingAll,
    setLoadAll,
    /** Seconds until a rate-limited request is retried; null when not rate limited. */
    retryIn: rateLimited ? countdown : null,
  };
}

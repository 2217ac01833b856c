"use client";

import { useEffect, useState } from "react";

/** "Search all files": keep asking for pages until the gateway says there are no more (or an error stops it). */
export function useLoadAll(canFetchMore: boolean, hasNextPage: boolean, fetchNextPage: (options: { cancelRefetch: boolean }) => unknown) {
  const [loadAll, setLoadAll] = useState(false);
  useEffect(() => {
    if (loadAll && canFetchMore) void fetchNextPage({ cancelRefetch: false });
  }, [loadAll, canFetchMore, fetchNextPage]);
  return { loadingAll: loadAll && hasNextPage, setLoadAll };
}

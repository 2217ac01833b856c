/** Rows asked per page. Large pages mean fewer round trips (and fewer chances to hit the rate limit). */
export const FILES_PAGE_SIZE = 1000;

/**
 * Whether the next page should be requested now. The distance is measured in rows from the end of what is
 * loaded: at least a page's worth of headroom (so a fast fling that covers hundreds of rows per second still
 * finds rows already there) and never less than several screens.
 */
export function shouldFetchMore(opts: { lastVisibleIndex: number; loadedCount: number; visibleRows: number; pageSize?: number }): boolean {
  const { lastVisibleIndex, loadedCount, visibleRows, pageSize = FILES_PAGE_SIZE } = opts;
  if (lastVisibleIndex < 0) return loadedCount === 0;
  const distance = Math.max(visibleRows * 6, Math.round(pageSize * 0.8));
  return lastVisibleIndex >= loadedCount - distance;
}

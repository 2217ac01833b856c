/**
 * Which rows of a list of equal-height rows to render for a scroll position, and where to scroll to bring a row
 * into view. The file list's rows all have one height, so this is arithmetic: O(1) per scroll event and per
 * new page of rows however long the list grows (a general virtualizer measures and lays out every index again
 * whenever the count changes).
 */

export interface RowWindow {
  /** First and last index to render, inclusive; last < first when there is nothing to render. */
  first: number;
  last: number;
  /** How many rows fit in the viewport (at least 1): a page for PageUp/PageDown. */
  pageRows: number;
}

export function rowWindow({
  firstVisible,
  viewportHeight,
  rowHeight,
  count,
  overscan,
}: {
  /** Index of the row at the top of the viewport (scrollTop / rowHeight, rounded down). */
  firstVisible: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  overscan: number;
}): RowWindow {
  const pageRows = Math.max(1, Math.ceil(viewportHeight / rowHeight));
  if (count <= 0) return { first: 0, last: -1, pageRows };
  const top = Math.min(Math.max(0, firstVisible), count - 1);
  return { first: Math.max(0, top - overscan), last: Math.min(count - 1, top + pageRows + overscan), pageRows };
}

/**
 * The scrollTop that shows row `index` whole, moving as little as possible ("nearest"): null when it is in view
 * already.
 */
export function scrollTopToReveal(index: number, { scrollTop, viewportHeight, rowHeight }: { scrollTop: number; viewportHeight: number; rowHeight: number }): number | null {
  const start = index * rowHeight;
  const end = start + rowHeight;
  if (start < scrollTop) return start;
  if (end > scrollTop + viewportHeight) return Math.max(0, end - viewportHeight);
  return null;
}

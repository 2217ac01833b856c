/** The part of a cursor page the merge needs; the wire type (FileListResponse) satisfies it. */
export interface CursorPage<T extends { id: string }> {
  data: readonly T[];
  has_more: boolean;
  cursor: string | null;
}

export interface MergedRows<T> {
  /** Every loaded item once, in the order the pages delivered them. */
  rows: readonly T[];
  /** Items dropped because an earlier page already held their id. */
  duplicates: number;
}

/** One-shot merge: flattens pages, keeping the first occurrence of each id. */
export function mergePages<T extends { id: string }>(pages: readonly CursorPage<T>[]): MergedRows<T> {
  return createPageMerger<T>()(pages);
}

/**
 * A merge that remembers its last input. Infinite queries only ever append a page while the user scrolls, so
 * when the new page list starts with the very page objects seen last time, only the new pages are walked:
 * scrolling through 200,000 rows stays linear instead of re-flattening everything after every page. Any other
 * change (a page replaced after a delete, a reset) falls back to a full rebuild.
 */
export function createPageMerger<T extends { id: string }>(): (pages: readonly CursorPage<T>[]) => MergedRows<T> {
  let seen: readonly CursorPage<T>[] = [];
  let rows: T[] = [];
  let ids = new Set<string>();
  let duplicates = 0;
  let last: MergedRows<T> = { rows, duplicates };

  return (pages) => {
    if (pages === seen) return last;
    let start = 0;
    if (isPrefix(seen, pages)) {
      start = seen.length;
      // Copy so the previous result stays immutable for whoever still holds it (React compares by identity).
      if (start < pages.length) rows = rows.slice();
    } else {
      rows = [];
      ids = new Set();
      duplicates = 0;
    }
    for (let p = start; p < pages.length; p += 1) {
      const data = pages[p].data;
      for (let i = 0; i < data.length; i += 1) {
        const item = data[i];
        if (ids.has(item.id)) {
          duplicates += 1;
          continue;
        }
        ids.add(item.id);
        rows.push(item);
      }
    }
    seen = pages;
    last = start === pages.length && start > 0 ? last : { rows, duplicates };
    return last;
  };
}

function isPrefix<P>(prefix: readonly P[], list: readonly P[]): boolean {
  if (prefix.length === 0 || prefix.length > list.length) return false;
  for (let i = 0; i < prefix.length; i += 1) if (prefix[i] !== list[i]) return false;
  return true;
}

/**
 * getNextPageParam for the cursor API. Stops when the gateway says there is no more, when it says there is more
 * but sends no cursor, and when it hands back a cursor already used: a buggy or shifting upstream must end the
 * list rather than loop over the same page forever.
 */
export function nextCursor<T extends { id: string }>(
  lastPage: CursorPage<T>,
  _allPages: unknown,
  lastPageParam: string | null,
  allPageParams: readonly (string | null)[],
): string | undefined {
  if (!lastPage.has_more || !lastPage.cursor) return undefined;
  if (lastPage.cursor === lastPageParam || allPageParams.includes(lastPage.cursor)) return undefined;
  return lastPage.cursor;
}

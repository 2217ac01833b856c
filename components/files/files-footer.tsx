"use client";

import { Suspense } from "react";
import { lazyNamed } from "@/components/ui/lazy-component";
import { formatCount } from "@/lib/format/count";

// A failed page and a search through every page are rarer than scrolling: their controls load when first shown.
const LoadMoreFailed = lazyNamed(() => import("./files-footer-actions"), "LoadMoreFailed");
const LoadAllButton = lazyNamed(() => import("./files-footer-actions"), "LoadAllButton");

export interface FilesFooterProps {
  /** Why the next page failed; null when it did not. */
  loadError: string | null;
  onRetry: () => void;
  loadingMore: boolean;
  retryIn: number | null;
  complete: boolean;
  filtering: boolean;
  /** The filter as typed (deferred), for "no file matches". */
  filter: string;
  matches: number;
  total: number;
  hasNextPage: boolean;
  loadingAll: boolean;
  onLoadAll: (loadAll: boolean) => void;
}

/** The end of the list: loading more, an error, everything loaded, and "load all" while filtering. */
export function FilesFooter({ loadError, onRetry, loadingMore, retryIn, complete, filtering, filter, matches, total, hasNextPage, loadingAll, onLoadAll }: FilesFooterProps) {
  return (
    <div className="flex min-h-11 flex-wrap items-center justify-center gap-x-3 gap-y-1 px-3 py-2 text-center text-sm text-slate-600 dark:text-slate-400">
      {loadError !== null ? (
        <Suspense fallback={null}>
          <LoadMoreFailed error={loadError} onRetry={onRetry} />
        </Suspense>
      ) : loadingMore ? (
        <span data-testid="files-loading-more" className="inline-flex items-center gap-2">
          <span aria-hidden className="h-3 w-3 animate-spin rounded-full border-2 border-slate-400 border-t-transparent" />
          {retryIn !== null ? `Rate limited; waiting ${retryIn} s before loading more…` : "Loading more files…"}
        </span>
      ) : complete ? (
        <span data-testid="files-end">
          {filtering && matches === 0 ? `No file matches “${filter.trim()}”. ` : ""}
          All {formatCount(total)} files loaded
        </span>
      ) : filtering ? (
        <span>
          {matches === 0 ? `No loaded file matches “${filter.trim()}” yet. ` : ""}
          More files are still to load.
        </span>
      ) : (
        <span>Scroll to load more</span>
      )}
      {filtering && hasNextPage ? (
        <Suspense fallback={null}>
          <LoadAllButton loadingAll={loadingAll} onLoadAll={onLoadAll} />
        </Suspense>
      ) : null}
    </div>
  );
}

"use client";

import { Button } from "@/components/ui/button";
import { formatCount } from "@/lib/format/count";

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
        <div role="alert" className="flex flex-wrap items-center justify-center gap-2 text-red-800 dark:text-red-300" data-testid="files-load-error">
          <span>Could not load more files: {loadError}.</span>
          <Button size="sm" onClick={onRetry}>
            Retry
          </Button>
        </div>
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
        loadingAll ? (
          <Button size="sm" onClick={() => onLoadAll(false)}>
            Stop searching
          </Button>
        ) : (
          <Button size="sm" onClick={() => onLoadAll(true)} data-testid="files-load-all">
            Load all files to search everything
          </Button>
        )
      ) : null}
    </div>
  );
}

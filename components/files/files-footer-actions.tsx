"use client";

import { Button } from "@/components/ui/button";

/** The next page failed: why, and Retry. */
export function LoadMoreFailed({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-center gap-2 text-red-800 dark:text-red-300" data-testid="files-load-error">
      <span>Could not load more files: {error}.</span>
      <Button size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/** While a filter runs over the loaded pages: load every page to search them all, or stop doing so. */
export function LoadAllButton({ loadingAll, onLoadAll }: { loadingAll: boolean; onLoadAll: (loadAll: boolean) => void }) {
  return loadingAll ? (
    <Button size="sm" onClick={() => onLoadAll(false)}>
      Stop searching
    </Button>
  ) : (
    <Button size="sm" onClick={() => onLoadAll(true)} data-testid="files-load-all">
      Load all files to search everything
    </Button>
  );
}

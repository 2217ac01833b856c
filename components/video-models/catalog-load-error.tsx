"use client";

import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { isApiStatus } from "@/lib/client/api-error-message";
import { catalogErrorMessage } from "@/lib/video-models/load-error";

/** No list to show: sign in again after a 401, else retry. */
export function CatalogLoadError({ error, retrying, onRetry }: { error: Error; retrying: boolean; onRetry: () => void }) {
  const unauthorized = isApiStatus(error, 401);
  return (
    <div role="alert" data-testid="catalog-error">
      <EmptyState
        title="Could not load the video models"
        action={
          unauthorized ? (
            <Button asChild variant="primary">
              <a href={`/sign-in?callbackUrl=${encodeURIComponent("/video-models")}`}>Sign in</a>
            </Button>
          ) : (
            <Button variant="primary" onClick={onRetry} disabled={retrying}>
              {retrying ? "Retrying…" : "Retry"}
            </Button>
          )
        }
      >
        {catalogErrorMessage(error)}
      </EmptyState>
    </div>
  );
}

/** The list shown is the last one received: refreshing it failed. */
export function CatalogRefreshError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
      Could not refresh the list ({catalogErrorMessage(error)}); showing the last one received.
      <Button size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

"use client";

import { lazy, Suspense, type ComponentProps } from "react";
import { ChunkBoundary } from "../chunk-boundary";

// The review and the conflict dialog (the diff, the merge, Radix Dialog) are chunks of their own, fetched on the
// way to the Save button and mounted the first time they open.
const loadSaveReview = () => import("../save-review-dialog");
const loadConflictDialog = () => import("../conflict-dialog");
const SaveReviewDialog = lazy(loadSaveReview);
const ConflictDialog = lazy(loadConflictDialog);

export const prefetchSaveDialogs = () => {
  void loadSaveReview();
  void loadConflictDialog();
};

export function LazySaveReviewDialog(props: ComponentProps<typeof SaveReviewDialog>) {
  return (
    <ChunkBoundary what="The review of your changes">
      <Suspense fallback={null}>
        <SaveReviewDialog {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}

export function LazyConflictDialog(props: ComponentProps<typeof ConflictDialog>) {
  return (
    <ChunkBoundary what="The comparison of your edit with the newer version">
      <Suspense fallback={null}>
        <ConflictDialog {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}

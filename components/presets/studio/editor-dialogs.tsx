"use client";

import type { ComponentProps } from "react";
import { lazyComponent, type LazyComponent } from "@/components/ui/lazy-component";
import { LazySlot } from "@/components/ui/lazy-slot";

// The review and the conflict dialog (the diff, the merge, Radix Dialog) are chunks of their own, fetched on the
// way to the Save button and mounted the first time they open.
const SaveReviewDialog = lazyComponent(() => import("../save-review-dialog"));
const ConflictDialog = lazyComponent(() => import("../conflict-dialog"));

export const prefetchSaveDialogs = () => {
  void SaveReviewDialog.preload();
  void ConflictDialog.preload();
};

/** A lazy dialog of the studio: its own boundary, so a chunk that cannot be fetched says so where the dialog would be. */
function lazyStudioDialog<P extends object>(Dialog: LazyComponent<P>, what: string) {
  return function LazyStudioDialog(props: P) {
    return (
      <LazySlot what={what}>
        <Dialog {...props} />
      </LazySlot>
    );
  };
}

export const LazySaveReviewDialog = lazyStudioDialog<ComponentProps<typeof SaveReviewDialog>>(SaveReviewDialog, "The review of your changes");
export const LazyConflictDialog = lazyStudioDialog<ComponentProps<typeof ConflictDialog>>(ConflictDialog, "The comparison of your edit with the newer version");

"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { LazyPopupProps } from "@/components/ui/use-lazy-popup";
import { countOf } from "@/lib/format/count";

/** Asks before a run is cancelled: items not yet answered are never run. Loaded on the way to its button. */
export default function CancelRunDialog({ pending, left, onConfirm, ...popup }: LazyPopupProps & {
  pending: boolean;
  /** Items not answered yet. */
  left: number;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      {...popup}
      title="Cancel this run?"
      description={`${countOf(left, "item")} not answered yet will not run. What was answered and spent stays.`}
      busy={pending}
      action="Cancel the run"
      busyAction="Cancelling…"
      variant="danger"
      onConfirm={onConfirm}
    />
  );
}

"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent } from "@/components/ui/dialog";

/** Asks before a run is cancelled: items not yet answered are never run. Loaded on the way to its button. */
export default function CancelRunDialog({ open, onOpenChange, pending, left, onConfirm, trigger, contentId }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** Items not answered yet. */
  left: number;
  onConfirm: () => void;
  trigger: React.RefObject<HTMLButtonElement | null>;
  contentId: string;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent
        id={contentId}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
        title="Cancel this run?"
        description={`${left} item${left === 1 ? "" : "s"} not answered yet will not run. What was answered and spent stays.`}
      >
        <DialogActions cancelDisabled={pending}>
          <Button variant="danger" onClick={onConfirm} disabled={pending}>
            {pending ? "Cancelling…" : "Cancel the run"}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}

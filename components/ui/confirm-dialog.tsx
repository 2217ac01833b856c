"use client";

import { Button } from "./button";
import { Dialog, DialogActions, DialogContent } from "./dialog";
import { returnFocusTo, type LazyPopupProps } from "./use-lazy-popup";

/**
 * The last question before an action that spends or discards (start a run, cancel it, generate videos): what
 * will happen, Cancel, and the action's button. A lazily loaded popup (`useLazyPopup`); while `busy` the dialog
 * stays open and its buttons are disabled.
 */
export function ConfirmDialog({ open, setOpen, trigger, contentId, title, description, busy, action, busyAction, variant = "primary", onConfirm, children }: LazyPopupProps & {
  title: string;
  description: string;
  busy: boolean;
  /** The action button's label, and its label while under way. */
  action: string;
  busyAction: string;
  variant?: "primary" | "danger";
  onConfirm: () => void;
  /** What the description cannot say in a line: the list of what will run. */
  children?: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : setOpen(next))}>
      <DialogContent id={contentId} onCloseAutoFocus={returnFocusTo(trigger)} title={title} description={description}>
        <div className="space-y-4">
          {children}
          <DialogActions cancelDisabled={busy}>
            <Button variant={variant} onClick={onConfirm} disabled={busy}>
              {busy ? busyAction : action}
            </Button>
          </DialogActions>
        </div>
      </DialogContent>
    </Dialog>
  );
}

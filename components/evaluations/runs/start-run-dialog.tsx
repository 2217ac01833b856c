"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent } from "@/components/ui/dialog";
import type { EvalEstimate } from "@/lib/contract/bff/evaluations";
import { formatUsd } from "@/lib/video-models/money";

/** The last step before anything is spent: what will run, at what estimated cost, under which cap. Loaded on the way to its button. */
export default function StartRunDialog({ open, onOpenChange, estimate, capUsd, submitting, onConfirm, trigger, contentId }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  estimate: EvalEstimate;
  capUsd: number;
  submitting: boolean;
  onConfirm: () => void;
  trigger: React.RefObject<HTMLButtonElement | null>;
  contentId: string;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (submitting ? undefined : onOpenChange(next))}>
      <DialogContent
        id={contentId}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
        title="Start this run?"
        description={`${estimate.items} answers, estimated ${formatUsd(estimate.total_usd)}; the run stops at its cap of ${formatUsd(capUsd)}.`}
      >
        <div className="space-y-4">
          <ul className="space-y-1 text-sm">
            {estimate.versions.map((version) => (
              <li key={version.id} className="break-all">
                {version.label}
              </li>
            ))}
          </ul>
          <DialogActions cancelDisabled={submitting}>
            <Button variant="primary" onClick={onConfirm} disabled={submitting}>
              {submitting ? "Starting…" : "Start the run"}
            </Button>
          </DialogActions>
        </div>
      </DialogContent>
    </Dialog>
  );
}

"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent } from "@/components/ui/dialog";
import { formatUsd } from "@/lib/video-models/money";
import { planTotal, type PlannedModel } from "./cost-summary";

/** The last step before anything is spent: what will run, at what estimated cost. Loaded on the way to its button. */
export default function ConfirmDialog({ open, onOpenChange, planned, prompt, submitting, onConfirm, trigger, contentId }: {
  open: boolean;
  /** The button that opened it, focused again when it closes; `contentId` is what that button's aria-controls names. */
  trigger: React.RefObject<HTMLButtonElement | null>;
  contentId: string;
  onOpenChange: (open: boolean) => void;
  planned: PlannedModel[];
  prompt: string;
  submitting: boolean;
  onConfirm: () => void;
}) {
  const total = planTotal(planned);
  return (
    <Dialog open={open} onOpenChange={(next) => (submitting ? undefined : onOpenChange(next))}>
      <DialogContent
        id={contentId}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
        title="Generate videos?" description={`${planned.length} model${planned.length === 1 ? "" : "s"}, estimated ${formatUsd(total.usd)} in total.`}>
        <div className="space-y-4">
          <p className="line-clamp-3 text-sm italic">“{prompt}”</p>
          <ul className="space-y-1 text-sm">
            {planned.map(({ model, plan }) => (
              <li key={model.id} className="flex justify-between gap-2">
                <span>{model.name}</span>
                <span className="tabular-nums">{plan.cost.kind === "estimate" ? formatUsd(plan.cost.usd) : "no estimate"}</span>
              </li>
            ))}
          </ul>
          <p className="text-xs text-slate-600 dark:text-slate-400">The gateway charges each model’s job; the amounts above are estimates from the models’ prices.</p>
          <DialogActions cancelDisabled={submitting}>
            <Button variant="primary" onClick={onConfirm} disabled={submitting}>
              {submitting ? "Submitting…" : `Generate with ${planned.length} model${planned.length === 1 ? "" : "s"}`}
            </Button>
          </DialogActions>
        </div>
      </DialogContent>
    </Dialog>
  );
}

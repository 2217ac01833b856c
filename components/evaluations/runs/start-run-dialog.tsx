"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { LazyPopupProps } from "@/components/ui/use-lazy-popup";
import type { EvaluationEstimate } from "@/lib/contract/bff/evaluations";
import { fitsText, formatUsdRange } from "@/lib/evaluations/runs/progress";
import { formatUsd } from "@/lib/video-models/money";

/** The last step before anything is spent: what will run, at what estimated cost, under which cap. Loaded on the way to its button. */
export default function StartRunDialog({ estimate, capUsd, submitting, onConfirm, ...popup }: LazyPopupProps & {
  estimate: EvaluationEstimate;
  capUsd: number;
  submitting: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      {...popup}
      title="Start this run?"
      description={`${estimate.items} answers, estimated ${formatUsdRange(estimate.low_usd, estimate.high_usd, formatUsd)}; the run stops at its cap of ${formatUsd(capUsd)}.${estimate.high_usd > capUsd ? ` ${fitsText(estimate, capUsd)}` : ""}`}
      busy={submitting}
      action="Start the run"
      busyAction="Starting…"
      onConfirm={onConfirm}
    >
      <ul className="space-y-1 text-sm">
        {estimate.versions.map((version) => (
          <li key={version.id} className="break-all">
            {version.label}
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}

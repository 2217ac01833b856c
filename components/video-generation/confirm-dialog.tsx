"use client";

import { ConfirmDialog as Confirm } from "@/components/ui/confirm-dialog";
import type { LazyPopupProps } from "@/components/ui/use-lazy-popup";
import { formatUsd } from "@/lib/video-models/money";
import { planTotal, type PlannedModel } from "./cost-summary";
import { countOf } from "@/lib/format/count";

/** The last step before anything is spent: what will run, at what estimated cost. Loaded on the way to its button. */
export default function ConfirmDialog({ planned, prompt, submitting, onConfirm, ...popup }: LazyPopupProps & {
  planned: PlannedModel[];
  prompt: string;
  submitting: boolean;
  onConfirm: () => void;
}) {
  const total = planTotal(planned);
  const models = countOf(planned.length, "model");
  return (
    <Confirm
      {...popup}
      title="Generate videos?"
      description={`${models}, estimated ${formatUsd(total.usd)} in total.`}
      busy={submitting}
      action={`Generate with ${models}`}
      busyAction="Submitting…"
      onConfirm={onConfirm}
    >
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
    </Confirm>
  );
}

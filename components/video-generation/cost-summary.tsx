"use client";

import type { VideoModel } from "@/lib/contract/gateway";
import type { ModelPlan } from "@/lib/video-models/generation-settings";
import { formatUsd } from "@/lib/video-models/money";

export interface PlannedModel {
  model: VideoModel;
  plan: ModelPlan;
}

export function planTotal(planned: PlannedModel[]): { usd: number; complete: boolean } {
  let usd = 0;
  let complete = true;
  for (const { plan } of planned) {
    if (plan.cost.kind === "estimate") usd += plan.cost.usd;
    else complete = false;
  }
  return { usd, complete };
}

function settingsText(plan: ModelPlan): string {
  const { duration, resolution, aspect_ratio, audio } = plan.settings;
  return [duration === null ? null : `${duration} s`, resolution, aspect_ratio, audio ? "audio" : "no audio"].filter(Boolean).join(" · ");
}

/**
 * What each model will make of the shared settings and what it is estimated to cost (the catalog's SKU
 * calculator), a setting a model cannot take named against that model, and the total.
 */
export function CostSummary({ planned }: { planned: PlannedModel[] }) {
  const total = planTotal(planned);
  return (
    <section aria-labelledby="estimate-heading" className="space-y-2" data-testid="cost-summary">
      <h2 id="estimate-heading" className="text-sm font-semibold">
        Estimated cost
      </h2>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {planned.map(({ model, plan }) => (
          <li key={model.id} className="space-y-1 px-3 py-2 text-sm" data-testid="model-estimate" data-model-id={model.id}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium">{model.name}</span>
              <span className="tabular-nums">{plan.cost.kind === "estimate" ? formatUsd(plan.cost.usd) : `n/a (${plan.cost.reason})`}</span>
            </div>
            <p className="text-xs text-slate-600 dark:text-slate-400">{settingsText(plan)}</p>
            {plan.unsupported.length > 0 ? (
              <ul className="text-xs font-medium text-red-700 dark:text-red-400" data-testid="unsupported">
                {plan.unsupported.map((entry) => (
                  <li key={entry.field}>
                    {entry.field.replace("_", " ")}: {entry.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="flex justify-between text-sm font-semibold" data-testid="estimate-total">
        <span>Total</span>
        <span className="tabular-nums">
          {formatUsd(total.usd)}
          {total.complete ? "" : " + models without an estimate"}
        </span>
      </p>
    </section>
  );
}

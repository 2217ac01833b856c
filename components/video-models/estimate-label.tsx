import { clsx } from "clsx";
import type { CostEstimate, CostSettings } from "@/lib/video-models/cost";
import { formatUsd } from "@/lib/video-models/money";

export function settingsSummary(settings: CostSettings): string {
  return `${settings.duration} s · ${settings.resolution} · ${settings.audio ? "with audio" : "no audio"}`;
}

/** The calculator's answer for one model: the amount and how it was computed, or "n/a" and why. */
export function EstimateLabel({ estimate, settings }: { estimate: CostEstimate; settings: CostSettings }) {
  return (
    <div
      data-testid="model-estimate"
      className={clsx(
        "rounded-md px-2.5 py-1.5 text-sm",
        estimate.kind === "estimate" ? "bg-brand-50 dark:bg-brand-700/20" : "bg-slate-100 dark:bg-slate-800/60",
      )}
    >
      <span className="text-xs text-slate-600 dark:text-slate-400">Estimate for {settingsSummary(settings)}: </span>
      {estimate.kind === "estimate" ? (
        <>
          <strong className="tabular-nums" data-testid="model-estimate-value">
            {formatUsd(estimate.usd)}
          </strong>{" "}
          <span className="text-xs text-slate-600 dark:text-slate-400">({estimate.formula})</span>
          {estimate.excluded.length > 0 ? (
            <span className="block text-xs text-amber-800 dark:text-amber-200">
              Not included, unreadable: {estimate.excluded.map((sku) => sku.name).join(", ")}
            </span>
          ) : null}
        </>
      ) : (
        <>
          <strong data-testid="model-estimate-value">n/a</strong> <span className="text-xs text-slate-700 dark:text-slate-300">{estimate.reason}</span>
        </>
      )}
    </div>
  );
}

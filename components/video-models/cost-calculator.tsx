"use client";

import { useId } from "react";
import { Select, SelectOptions } from "@/components/ui/input";
import type { CatalogEntry } from "@/lib/video-models/catalog";
import type { CostSettings } from "@/lib/video-models/cost";
import { formatUsd } from "@/lib/video-models/money";
import { compareResolutions } from "@/lib/video-models/model-facts";
import { settingsSummary } from "./estimate-label";
import type { UrlPatch } from "./filter-panel";

export function CalculatorControls({
  settings,
  durations,
  resolutions,
  onChange,
}: {
  settings: CostSettings;
  /** Every duration and resolution the catalog offers; the current setting is kept even if none does. */
  durations: number[];
  resolutions: string[];
  onChange: (patch: UrlPatch) => void;
}) {
  const durationId = useId();
  const resolutionId = useId();
  const durationOptions = [...new Set([...durations, settings.duration])].sort((a, b) => a - b);
  const resolutionOptions = [...new Set([...resolutions, settings.resolution])].sort(compareResolutions);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={durationId} className="mb-0.5 block text-xs font-medium text-slate-700 dark:text-slate-300">
          Duration
        </label>
        <Select id={durationId} className="w-28" value={settings.duration} onChange={(event) => onChange({ duration: Number(event.target.value) })}>
          <SelectOptions values={durationOptions} label={(duration) => `${duration} s`} />
        </Select>
      </div>
      <div>
        <label htmlFor={resolutionId} className="mb-0.5 block text-xs font-medium text-slate-700 dark:text-slate-300">
          Resolution
        </label>
        <Select id={resolutionId} className="w-28" value={settings.resolution} onChange={(event) => onChange({ resolution: event.target.value })}>
          <SelectOptions values={resolutionOptions} />
        </Select>
      </div>
      <label className="flex h-9 cursor-pointer items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={settings.audio} onChange={(event) => onChange({ with_audio: event.target.checked })} />
        With audio
      </label>
    </div>
  );
}

/**
 * The estimates of the shown models as a horizontal bar chart, cheapest first. It is a table so the
 * chart is its own text equivalent: the bars are drawn with SVG and hidden from assistive technology,
 * the model names and amounts are text; models without an estimate are listed with the reason.
 */
export function CostChart({ entries, settings }: { entries: CatalogEntry[]; settings: CostSettings }) {
  const estimated = entries
    .flatMap((entry) => (entry.estimate.kind === "estimate" ? [{ model: entry.model, usd: entry.estimate.usd, formula: entry.estimate.formula }] : []))
    .sort((a, b) => a.usd - b.usd || a.model.name.localeCompare(b.model.name));
  const missing = entries.flatMap((entry) => (entry.estimate.kind === "na" ? [{ model: entry.model, reason: entry.estimate.reason }] : []));
  const max = Math.max(0, ...estimated.map((e) => e.usd));

  if (entries.length === 0) return null;
  return (
    <div className="space-y-2">
      <table className="w-full table-fixed text-sm" data-testid="cost-chart">
        <caption className="mb-2 text-left text-xs text-slate-600 dark:text-slate-400">
          Estimated cost of one video ({settingsSummary(settings)}): {estimated.length} of {entries.length} shown models priced
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Model</th>
            <th scope="col">Estimate</th>
          </tr>
        </thead>
        <tbody>
          {estimated.length === 0 ? (
            <tr>
              <td colSpan={2} className="py-1 text-xs text-slate-700 dark:text-slate-300">
                No shown model can be priced for these settings.
              </td>
            </tr>
          ) : null}
          {estimated.map(({ model, usd, formula }) => {
            const share = max > 0 ? Math.max(0.5, (usd / max) * 100) : 0.5;
            return (
              <tr key={model.id} data-testid="cost-chart-row" data-model-id={model.id}>
                <th scope="row" className="w-2/5 truncate py-0.5 pr-2 text-left text-xs font-normal sm:w-1/3" title={model.name}>
                  {model.name}
                </th>
                <td className="py-0.5">
                  <div className="flex items-center gap-2">
                    <svg aria-hidden className="h-3.5 min-w-0 flex-1" preserveAspectRatio="none">
                      <rect x="0" y="0" width={`${share}%`} height="100%" rx="2" className="fill-brand-500" />
                    </svg>
                    <span className="w-16 shrink-0 text-right text-xs font-medium tabular-nums" title={formula}>
                      {formatUsd(usd)}
                    </span>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {missing.length > 0 ? (
        <details className="text-xs" data-testid="cost-chart-missing">
          <summary className="cursor-pointer text-slate-700 dark:text-slate-300">
            {missing.length === 1 ? "1 model without an estimate" : `${missing.length} models without an estimate`}
          </summary>
          <ul className="mt-1 space-y-0.5 pl-4">
            {missing.map(({ model, reason }) => (
              <li key={model.id} data-testid="cost-chart-missing-row" data-model-id={model.id}>
                <span className="font-medium">{model.name}</span>: n/a · {reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

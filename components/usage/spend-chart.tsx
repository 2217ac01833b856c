"use client";

import type { UsageDay } from "@/lib/contract/bff/usage";
import { TableBody, TableHead } from "@/components/ui/table";
import { formatUsd } from "@/lib/video-models/money";

/** Series colours, distinguishable in both themes; a series past the palette reuses it (the legend and table name each). */
const COLOURS = ["#4f46e5", "#0891b2", "#d97706", "#db2777", "#16a34a", "#7c3aed", "#dc2626", "#64748b"];

/**
 * Spend per local day as stacked bars, hand-made SVG (no chart library: a few hundred bytes, and the same figures
 * are a table below it for screen readers and keyboard users). `stack` picks the series: features or models.
 */
export function SpendChart({ days, stack }: { days: readonly UsageDay[]; stack: "feature" | "model" }) {
  const seriesOf = (day: UsageDay) => (stack === "feature" ? day.by_feature : day.by_model);
  const totals = new Map<string, number>();
  for (const day of days) for (const [key, usd] of Object.entries(seriesOf(day))) totals.set(key, (totals.get(key) ?? 0) + usd);
  const series = [...totals.keys()].sort((a, b) => (totals.get(b) ?? 0) - (totals.get(a) ?? 0));
  const colour = (key: string) => COLOURS[series.indexOf(key) % COLOURS.length];
  const max = Math.max(...days.map((day) => day.usd), 0);
  const width = 720;
  const height = 200;
  const slot = width / Math.max(days.length, 1);
  const bar = Math.max(1, slot * 0.7);
  const grandTotal = days.reduce((sum, day) => sum + day.usd, 0);
  return (
    <figure className="space-y-3">
      <svg viewBox={`0 0 ${width} ${height}`} className="h-48 w-full" preserveAspectRatio="none" role="img" aria-label={`Spend per day by ${stack}, ${days.length} days, ${formatUsd(grandTotal)} in all. The table below has the figures.`}>
        <line x1={0} x2={width} y1={height - 0.5} y2={height - 0.5} className="stroke-slate-300 dark:stroke-slate-700" />
        {max > 0
          ? days.map((day, index) => {
              let top = height;
              return (
                <g key={day.day}>
                  <title>{`${day.day}: ${formatUsd(day.usd)}`}</title>
                  {series.map((key) => {
                    const usd = seriesOf(day)[key] ?? 0;
                    if (usd <= 0) return null;
                    const h = (usd / max) * (height - 4);
                    top -= h;
                    return <rect key={key} x={index * slot + (slot - bar) / 2} y={top} width={bar} height={h} fill={colour(key)} />;
                  })}
                </g>
              );
            })
          : null}
      </svg>
      <figcaption>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300" aria-label="Legend">
          {series.map((key) => (
            <li key={key} className="flex items-center gap-1.5">
              <span aria-hidden className="inline-block size-3 rounded-sm" style={{ background: colour(key) }} />
              {key}
            </li>
          ))}
        </ul>
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-700 dark:text-brand-100">Spend per day as a table</summary>
        {/* Focusable and named: with many series the table scrolls sideways, and a keyboard must be able to scroll it. */}
        <div tabIndex={0} role="region" aria-label={`Spend per day by ${stack}, table`} className="mt-2 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Spend per day by {stack}</caption>
            <TableHead framed columns={["Day", ...series, { label: "Total", className: "text-right" }]} />
            <TableBody>
              {days.map((day) => (
                <tr key={day.day}>
                  <th scope="row" className="whitespace-nowrap px-3 py-1.5 font-normal tabular-nums">{day.day}</th>
                  {series.map((key) => (
                    <td key={key} className="px-3 py-1.5 tabular-nums">{formatUsd(seriesOf(day)[key] ?? 0)}</td>
                  ))}
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatUsd(day.usd)}</td>
                </tr>
              ))}
            </TableBody>
          </table>
        </div>
      </details>
    </figure>
  );
}

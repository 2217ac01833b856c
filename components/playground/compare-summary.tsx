"use client";

import { displayHost } from "@/lib/citations";
import { compareCitations } from "@/lib/playground/compare";
import { formatMs, formatRate, runMetrics } from "@/lib/playground/metrics";
import type { RunState } from "@/lib/playground/run-state";
import { SourceLink } from "./source-link";
import { Table } from "@/components/ui/table";

export interface SummaryColumn {
  id: string;
  /** "Column A". */
  name: string;
  /** "A", for tight places (chart rows, table headers). */
  short: string;
  /** What the column stands for, when it has a name of its own ("v2" of a preset). */
  label?: string;
  model: string;
  run: RunState;
}

const BAR_COLORS = ["#2f6fdb", "#d97706", "#059669", "#9333ea"];

/** Horizontal bars, one per column; plain SVG so it needs no chart library. */
function BarChart({ title, unit, values, format }: { title: string; unit: string; values: { name: string; value: number | null; color: string }[]; format: (v: number | null) => string }) {
  const max = Math.max(1, ...values.map((entry) => entry.value ?? 0));
  const rowHeight = 26;
  const labelWidth = 150;
  const width = 420;
  const barSpace = width - labelWidth - 80;
  const height = values.length * rowHeight + 8;
  const description = values.map((entry) => `${entry.name}: ${format(entry.value)}`).join("; ");
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1 text-sm font-medium">{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full max-w-[420px]" role="img" aria-label={`${title} (${unit}): ${description}`}>
        {values.map((entry, index) => {
          const y = 4 + index * rowHeight;
          const barWidth = entry.value === null ? 0 : Math.max(2, (entry.value / max) * barSpace);
          return (
            <g key={entry.name}>
              <text x={0} y={y + 15} className="fill-slate-700 text-[12px] dark:fill-slate-300">
                {entry.name.length > 22 ? `${entry.name.slice(0, 21)}…` : entry.name}
              </text>
              <rect x={labelWidth} y={y + 3} width={barWidth} height={16} rx={3} fill={entry.color} />
              <text x={labelWidth + barWidth + 6} y={y + 15} className="fill-slate-800 text-[12px] tabular-nums dark:fill-slate-200">
                {format(entry.value)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export function CompareSummary({ columns }: { columns: readonly SummaryColumn[] }) {
  const ran = columns.filter((column) => column.run.status !== "idle");
  const comparison = compareCitations(ran.map(({ id, run }) => ({ id, run })));
  if (ran.length === 0) return null;
  const nameOf = new Map(columns.map((column) => [column.id, column.label ? `${column.name} (${column.label})` : column.name]));
  const chartName = (column: SummaryColumn) => (column.label ? `${column.short}: ${column.label}` : column.model ? `${column.short}: ${column.model}` : column.name);
  const colorOf = new Map(columns.map((column, index) => [column.id, BAR_COLORS[index % BAR_COLORS.length]]));
  const metrics = ran.map((column) => ({ column, metrics: runMetrics(column.run) }));
  const compared = comparison.urls.length > 0 ? Object.keys(comparison.onlyIn) : [];

  return (
    <section aria-labelledby="compare-summary-title" className="space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="compare-summary-title" className="text-base font-semibold">
        Comparison
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        <BarChart
          title="Time to first token"
          unit="milliseconds, lower is better"
          values={metrics.map(({ column, metrics: m }) => ({ name: chartName(column), value: m.ttftMs, color: colorOf.get(column.id)! }))}
          format={formatMs}
        />
        <BarChart
          title="Output speed"
          unit="tokens per second, higher is better"
          values={metrics.map(({ column, metrics: m }) => ({ name: chartName(column), value: m.tokensPerSecond, color: colorOf.get(column.id)! }))}
          format={formatRate}
        />
      </div>

      <div className="space-y-2" data-testid="citation-comparison">
        <h3 className="text-sm font-semibold">Citations</h3>
        {comparison.urls.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No column has cited anything yet.</p>
        ) : (
          <>
            <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
              <li data-testid="shared-count">
                Cited by every column: <strong>{comparison.sharedUrls.length}</strong>
              </li>
              {compared.map((id) => (
                <li key={id} data-testid={`only-count-${id}`}>
                  Only {nameOf.get(id)}: <strong>{comparison.onlyIn[id].length}</strong>
                </li>
              ))}
              <li>
                Domains: <strong>{comparison.domains.length}</strong> ({comparison.domains.filter((row) => row.columns.length === compared.length && compared.length > 1).length} shared)
              </li>
            </ul>
            <p className="text-sm" data-testid="domain-overlap">
              <span className="font-medium">Domains: </span>
              {comparison.domains.map((row, index) => (
                <span key={row.key}>
                  {index > 0 ? " · " : ""}
                  {row.key} <span className="text-slate-600 dark:text-slate-400">({row.columns.map((id) => columns.find((c) => c.id === id)?.short ?? id).join(", ")})</span>
                </span>
              ))}
            </p>
            <Table className="sm:min-w-[28rem]">
              <caption className="sr-only">URLs cited per column, with the number of cited spans</caption>
              <thead>
                <tr className="border-b border-slate-200 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Source
                  </th>
                  {ran.map((column) => (
                    <th key={column.id} scope="col" className="px-2 py-1 text-center font-medium">
                      <abbr title={nameOf.get(column.id)} className="no-underline">
                        {column.short}
                      </abbr>
                      {column.label ? <span className="block text-[11px] font-normal">{column.label}</span> : null}
                      {column.model ? <span className="hidden font-mono text-[10px] font-normal sm:block">{column.model}</span> : null}
                    </th>
                  ))}
                  <th scope="col" className="px-2 py-1 font-medium">
                    Overlap
                  </th>
                </tr>
              </thead>
              <tbody>
                {comparison.urls.map((row) => {
                  const overlap =
                    ran.length > 1 && row.columns.length === ran.length ? "all" : row.columns.length === 1 && ran.length > 1 ? `only ${nameOf.get(row.columns[0])}` : `${row.columns.length} of ${ran.length}`;
                  return (
                    <tr key={row.key} className="border-b border-slate-100 last:border-0 dark:border-slate-800/60" data-overlap={overlap}>
                      <td className="max-w-[9rem] py-1 pr-3 sm:max-w-[20rem]">
                        <SourceLink url={row.key} title={displayHost(row.key)} className="break-all" />
                        <div className="truncate text-xs text-slate-600 dark:text-slate-400">{row.key}</div>
                      </td>
                      {ran.map((column) => (
                        <td key={column.id} className="px-2 py-1 text-center tabular-nums">
                          {row.spans[column.id] ? (
                            <span aria-label={`${row.spans[column.id]} spans`}>✓ {row.spans[column.id]}</span>
                          ) : (
                            <span aria-label="not cited" className="text-slate-400">
                              –
                            </span>
                          )}
                        </td>
                      ))}
                      <td className="px-2 py-1 text-xs">{overlap}</td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </>
        )}
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        TTFT and speed per column: {metrics.map(({ column, metrics: m }) => `${chartName(column)} ${formatMs(m.ttftMs)}, ${formatRate(m.tokensPerSecond)}`).join(" · ")}
      </p>
    </section>
  );
}

import { formatCount } from "@/lib/format/count";
import { formatCost, formatMs, formatRate, runMetrics } from "@/lib/playground/metrics";
import type { RunState } from "@/lib/playground/run-state";

export function RunMetricsList({ run }: { run: RunState }) {
  const m = runMetrics(run);
  const items: [string, string, string][] = [
    ["ttft", "Time to first token", formatMs(m.ttftMs)],
    ["total", "Total time", formatMs(run.endedAt === null ? null : m.totalMs)],
    ["rate", "Output speed", formatRate(m.tokensPerSecond)],
    ["tokens", "Tokens in / out / total", m.totalTokens === null ? "—" : `${formatCount(m.inputTokens)} / ${formatCount(m.outputTokens)} / ${formatCount(m.totalTokens)}`],
  ];
  if (m.cost !== null) items.push(["cost", "Cost", formatCost(m.cost)]);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-[repeat(auto-fit,minmax(8rem,1fr))]" data-testid="run-metrics">
      {items.map(([key, label, value]) => (
        <div key={key} data-metric={key}>
          <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="font-mono text-sm tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

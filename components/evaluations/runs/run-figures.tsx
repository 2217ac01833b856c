import type { RunFigures } from "@/lib/eval-runs/progress";
import { formatDuration } from "@/lib/eval-runs/progress";
import { formatUsd } from "@/lib/video-models/money";

function Figure({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800">
      <dt className="text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</dt>
      {/* The clock differs between the server's render and the browser's first one by the time in between. */}
      <dd className="mt-0.5 text-base font-semibold tabular-nums" data-testid={testId} suppressHydrationWarning>
        {children}
      </dd>
    </div>
  );
}

/** The run's headline figures: items ended, spending against the cap, time spent and time left. */
export function RunFiguresList({ figures, running }: { figures: RunFigures; running: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      <Figure label="Answered" testId="run-ended">
        {figures.ended} / {figures.total}
      </Figure>
      <Figure label="Spent of cap" testId="run-spent">
        {formatUsd(figures.spentUsd)} <span className="text-sm font-normal text-slate-600 dark:text-slate-400">of {formatUsd(figures.capUsd)}</span>
      </Figure>
      <Figure label="Elapsed">{formatDuration(figures.elapsedSeconds)}</Figure>
      <Figure label="Time left">{running ? (figures.leftSeconds === null ? "estimating…" : `about ${formatDuration(figures.leftSeconds)}`) : "—"}</Figure>
    </dl>
  );
}

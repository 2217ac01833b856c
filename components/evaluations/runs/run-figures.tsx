"use client";

import { memo } from "react";
import { useNow } from "@/lib/client/hooks/use-now";
import { formatDuration, formatUsdRange, runClock, type RunClockInput, type RunProgressInput } from "@/lib/evaluations/runs/progress";
import { formatUsd } from "@/lib/video-models/money";

function Figure({ label, children, testId, wide = false }: { label: string; children: React.ReactNode; testId?: string; wide?: boolean }) {
  return (
    <div className={`rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800${wide ? " col-span-2 sm:col-span-4" : ""}`}>
      <dt className="text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</dt>
      {/* The clock differs between the server's render and the browser's first one by the time in between. */}
      <dd className="mt-0.5 text-base font-semibold tabular-nums" data-testid={testId} suppressHydrationWarning>
        {children}
      </dd>
    </div>
  );
}

/**
 * Items ended and spending against the cap: they change with a poll's answer, not with the clock. Spent is the
 * ledger's figure for the run (settled costs, and the reserves kept by calls whose cost nobody learned); reserves in
 * flight are shown apart, not yet spent.
 */
const CountFigures = memo(function CountFigures({ ended, total, spentUsd, unknownUsd, inFlightUsd, capUsd }: { ended: number; total: number; spentUsd: number; unknownUsd: number; inFlightUsd: number; capUsd: number }) {
  return (
    <>
      <Figure label="Answered" testId="run-ended">
        {ended} / {total}
      </Figure>
      <Figure label="Spent of cap" testId="run-spent">
        <span data-testid="run-spent-usd">{formatUsd(spentUsd)}</span> <span className="text-sm font-normal text-slate-600 dark:text-slate-400">of {formatUsd(capUsd)}</span>
        {inFlightUsd > 0 ? <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">+ {formatUsd(inFlightUsd)} reserved in flight</span> : null}
        {unknownUsd > 0 ? (
          <span className="block text-xs font-normal text-slate-600 dark:text-slate-400" data-testid="run-spent-unknown">
            {formatUsd(unknownUsd)} of it kept reserves (cost not reported)
          </span>
        ) : null}
      </Figure>
    </>
  );
});

/**
 * Time spent and time left, ticking every second while the run runs: the only part of the page the clock
 * re-renders (the time left counts down from the last poll's estimate between polls).
 */
function ClockFigures({ clock, fetchedAt }: { clock: RunClockInput; fetchedAt: number }) {
  const running = clock.status === "running";
  const now = useNow(running ? 1000 : null);
  const { elapsedSeconds, leftSeconds } = runClock(clock, Math.max(now, fetchedAt), fetchedAt);
  return (
    <>
      <Figure label="Elapsed">{formatDuration(elapsedSeconds)}</Figure>
      <Figure label="Time left">{running ? (leftSeconds === null ? "estimating…" : `about ${formatDuration(leftSeconds)}`) : "—"}</Figure>
    </>
  );
}

/** The run's headline figures: items ended, spending against the cap, time spent and time left; once ended, the cost split. */
export function RunFiguresList({ run, fetchedAt }: { run: RunProgressInput; fetchedAt: number }) {
  const { totals, eta_seconds, cost_split: split } = run.progress;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      <CountFigures
        ended={totals.done + totals.failed}
        total={totals.total}
        spentUsd={totals.spent_usd}
        unknownUsd={totals.unknown_usd ?? 0}
        inFlightUsd={totals.in_flight_usd ?? 0}
        capUsd={run.cap_usd}
      />
      <ClockFigures clock={{ status: run.status, created_at: run.created_at, ended_at: run.ended_at, eta_seconds }} fetchedAt={fetchedAt} />
      {run.estimate ? (
        <Figure label="Estimated (from its requests) / spent" testId="run-estimate" wide>
          {formatUsdRange(run.estimate.low_usd, run.estimate.high_usd, formatUsd)} <span className="text-sm font-normal text-slate-600 dark:text-slate-400">estimated</span> · {formatUsd(totals.spent_usd)}{" "}
          <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{run.status === "running" ? "so far" : "spent"}</span>
        </Figure>
      ) : null}
      {split ? (
        <Figure label="Cost: model tokens / web search / judge" testId="run-cost-split" wide>
          {formatUsd(split.tokens_usd)} / {formatUsd(split.web_search_usd)} / {formatUsd(split.judge_usd)}
        </Figure>
      ) : null}
    </dl>
  );
}

import { shares, type RunCounts } from "@/lib/evaluations/runs/progress";

/**
 * One stacked bar: done, failed, running and not run as shares of the total. Decorative (aria-hidden): the
 * counts beside it say the same in words. Four divs whatever the number of items, so an update stays cheap.
 */
export function ProgressBar({ counts }: { counts: RunCounts }) {
  const share = shares(counts);
  return (
    <div aria-hidden className="flex h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
      <div className="bg-emerald-600" style={{ width: `${share.done}%` }} />
      <div className="bg-red-600" style={{ width: `${share.failed}%` }} />
      <div className="bg-brand-600/60" style={{ width: `${share.running}%` }} />
      <div className="bg-slate-400" style={{ width: `${share.cancelled}%` }} />
    </div>
  );
}

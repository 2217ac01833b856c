import { clsx } from "clsx";

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={clsx("animate-pulse rounded bg-slate-200 dark:bg-slate-800", className)} />;
}

/** A stack of placeholder bars, one per class list (each names the bar's height and width). */
export function Skeletons({ bars }: { bars: readonly string[] }) {
  return bars.map((bar, index) => <Skeleton key={index} className={bar} />);
}

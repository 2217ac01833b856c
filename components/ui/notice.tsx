import { clsx } from "clsx";

const TONES = {
  info: "border-slate-200 bg-slate-50 text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200",
  warning: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100",
} as const;

/** A box that qualifies what follows (not a failure: that is Alert). Not announced; it is there when the page is. */
export function Notice({ tone = "info", className, ...props }: React.HTMLAttributes<HTMLDivElement> & { tone?: keyof typeof TONES }) {
  return <div className={clsx("rounded-md border px-3 py-2 text-sm", TONES[tone], className)} {...props} />;
}

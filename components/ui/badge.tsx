import { clsx } from "clsx";

const TONES = {
  neutral: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
  brand: "bg-brand-50 text-brand-700 dark:bg-brand-700/30 dark:text-brand-100",
  green: "bg-emerald-50 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200",
  amber: "bg-amber-50 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  red: "bg-red-50 text-red-800 dark:bg-red-900/40 dark:text-red-200",
} as const;

export function Badge({ tone = "neutral", className, children }: { tone?: keyof typeof TONES; className?: string; children: React.ReactNode }) {
  return (
    <span className={clsx("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium", TONES[tone], className)}>
      {children}
    </span>
  );
}

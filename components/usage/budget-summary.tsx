"use client";

import { useQuery } from "@tanstack/react-query";
import type { Budget } from "@/lib/contract/bff/schemas";
import { readMyBudget } from "@/lib/client/queries/users";
import { formatUsd } from "@/lib/video-models/money";

/** What is left of the signed-in person's own budget today and this month (UTC windows, GET /api/me/budget). */
export function BudgetSummary() {
  const budget = useQuery({ queryKey: ["me", "budget"], queryFn: ({ signal }) => readMyBudget(signal) });
  const window = (label: string, figures: Budget["day"] | undefined) => (
    <div className="rounded-xl border border-slate-200 p-3 dark:border-slate-800">
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">
        {figures ? `${formatUsd(Math.max(0, figures.limit_usd - figures.spent_usd))} left of ${formatUsd(figures.limit_usd)}` : budget.isError ? "Could not be read" : "…"}
      </dd>
    </div>
  );
  return (
    <section aria-labelledby="usage-budget">
      <h2 id="usage-budget" className="sr-only">
        Your budget
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2" data-testid="usage-budget">
        {window("Your budget today (UTC)", budget.data?.day)}
        {window("Your budget this month (UTC)", budget.data?.month)}
      </dl>
    </section>
  );
}

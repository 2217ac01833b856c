import { memo } from "react";
import type { EvaluationRecentError } from "@/lib/contract/bff/evaluation-run-progress";
import { planLabels } from "./run-status-badge";

/**
 * The run's latest failed items (at most a few, newest first) with the error each recorded, so a gateway that
 * starts refusing shows why while the run goes on. Memoised on the poll's list, which stays the same object
 * until a new failure arrives.
 */
export const RecentErrors = memo(function RecentErrors({ errors, failed, plan }: { errors: EvaluationRecentError[]; failed: number; plan: Record<string, unknown> }) {
  if (errors.length === 0) return null;
  const labels = planLabels(plan);
  return (
    <section aria-labelledby="recent-errors-heading" className="space-y-2" data-testid="run-errors">
      <h2 id="recent-errors-heading" className="text-sm font-semibold">
        Latest errors <span className="font-normal text-slate-600 dark:text-slate-400">({errors.length < failed ? `the last ${errors.length} of ${failed}` : failed})</span>
      </h2>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
        {errors.map((error) => (
          <li key={error.position} className="space-y-0.5 px-3 py-2" data-testid="run-error">
            <p className="text-xs text-slate-600 dark:text-slate-400">
              <span className="break-all">{labels[error.version_index] ?? `version ${error.version_index + 1}`}</span> · question {error.question_index + 1}
              {error.repeat_index > 0 ? ` · repeat ${error.repeat_index + 1}` : ""}
              {error.status === null ? "" : ` · HTTP ${error.status}`}
            </p>
            <p className="break-words text-red-800 dark:text-red-200">{error.message}</p>
          </li>
        ))}
      </ul>
    </section>
  );
});

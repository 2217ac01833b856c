import { memo } from "react";
import type { EvaluationVersionProgress } from "@/lib/contract/bff/evaluation-run-progress";
import { formatUsd } from "@/lib/video-models/money";
import { ProgressBar } from "./progress-bar";

/**
 * A version's counts: done, failed, running and pending, with its bar and what it spent. Memoised: a poll keeps
 * a version whose counts did not move the same object (React Query's structural sharing), so its row is skipped.
 */
export const VersionProgressRow = memo(function VersionProgressRow({ version }: { version: EvaluationVersionProgress }) {
  return (
    <li className="space-y-1.5" data-testid="version-progress" data-version-id={version.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-sm">
        <span className="font-medium break-all">{version.label}</span>
        <span className="tabular-nums text-slate-700 dark:text-slate-300">
          <span data-testid="version-done">{version.done}</span> done · <span data-testid="version-failed">{version.failed}</span> failed ·{" "}
          <span data-testid="version-pending">{version.pending + version.running}</span> pending
          {version.cancelled > 0 ? <> · {version.cancelled} not run</> : null} of {version.total} · {formatUsd(version.spent_usd)}
        </span>
      </div>
      <ProgressBar counts={version} />
    </li>
  );
});

"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { QueryErrorAlert } from "@/components/ui/query-error-alert";
import { RelativeTime } from "@/components/ui/relative-time";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { useCurrentUser } from "@/lib/client/current-user";
import { evaluationRunQueries, isRunFinished } from "@/lib/client/queries/evaluation-runs";
import { mayWriteRun } from "@/lib/evaluations/runs/access";
import { notRunSummary } from "@/lib/evaluations/runs/progress";
import { CancelRunButton } from "./cancel-run-button";
import { RecentErrors } from "./recent-errors";
import { RunFiguresList } from "./run-figures";
import { RunAgainButton, RunName } from "./run-name";
import { RunStatusBadge } from "./run-status-badge";
import { VersionProgressRow } from "./version-progress";

/**
 * A run's live progress: polled from the BFF while it runs (a reload or a second tab picks it up from the URL),
 * per version done / failed / pending, spending against the cap, elapsed and estimated time left, the latest
 * errors. Renders counts, never items: the cost of an update does not grow with the run. A poll re-renders what
 * its answer changed (the parts below are memoised on objects the query keeps when unchanged); the clock
 * re-renders its two figures alone.
 */
export function RunView({ id }: { id: string }) {
  const user = useCurrentUser();
  const query = useQuery(evaluationRunQueries.detail(id));
  const run = query.data;

  if (query.isPending) return <p role="status">Loading the run…</p>;
  if (!run) return <QueryErrorAlert query={query} />;
  const running = !isRunFinished(run);
  // The run's creator (an editor) or an admin may cancel and rename it (lib/evaluations/runs/access.ts).
  const canWrite = mayWriteRun(user, run);
  const canCancel = running && canWrite;
  const { totals, versions, recent_errors } = run.progress;

  return (
    <div className="space-y-5" data-testid="evaluation-run" data-status={run.status}>
      <RunName run={run} canRename={canWrite} />
      <div className="flex flex-wrap items-center gap-2">
        <RunStatusBadge run={run} />
        <span role="status" className="text-sm text-slate-700 dark:text-slate-300" data-testid="run-status-text">
          {running ? "Running… this page refreshes every second." : run.status === "finished" ? "Every item has an answer." : (notRunSummary(run) ?? "No more items will run.")}
        </span>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          Started <RelativeTime value={run.created_at} />
        </span>
        <div className="ml-auto flex flex-wrap gap-2">
          {canCancel ? <CancelRunButton id={run.id} left={totals.pending + totals.running} /> : null}
          {user.role === "viewer" ? null : <RunAgainButton id={run.id} />}
          {running ? null : (
            <Button asChild size="sm" variant="primary">
              <Link href={`/evaluations/runs/${run.id}/results`}>See the results</Link>
            </Button>
          )}
        </div>
      </div>
      <RunFiguresList run={run} fetchedAt={query.dataUpdatedAt} />
      <section aria-labelledby="versions-heading" className="space-y-3">
        <h2 id="versions-heading" className="text-sm font-semibold">
          Versions
        </h2>
        <ul className="space-y-4">
          {versions.map((version) => (
            <VersionProgressRow key={version.version_index} version={version} />
          ))}
        </ul>
      </section>
      <RecentErrors errors={recent_errors} failed={totals.failed} plan={run.plan} />
      {query.error ? <Alert>Could not refresh: {apiErrorMessage(query.error)}</Alert> : null}
    </div>
  );
}

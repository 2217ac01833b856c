"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { QueryErrorAlert } from "@/components/ui/query-error-alert";
import { EmptyState } from "@/components/ui/empty-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TableBody, TableHead } from "@/components/ui/table";
import { evaluationRunQueries } from "@/lib/client/queries/evaluation-runs";
import { formatUsd } from "@/lib/video-models/money";
import { RunStatusBadge } from "./run-status-badge";
import { versionPassRates } from "@/lib/evaluations/runs/pass-rates";
import type { EvaluationRunSummary } from "@/lib/contract/bff/evaluations";
import { questionSetQueries } from "@/lib/client/queries/evaluation-sets";

/**
 * Below sm (360 px) two columns: the run (name, its status under it, and its progress) and its pass rate per version;
 * the progress, set, spending and start time get columns of their own as the width allows.
 */
const COLUMNS = [
  "Run",
  "Pass rate",
  { label: "Progress", className: "hidden sm:table-cell" },
  { label: "Question set", className: "hidden lg:table-cell" },
  { label: "Spent", className: "hidden md:table-cell text-right" },
  { label: "Started", className: "hidden md:table-cell" },
];

/** The newest runs, a page at a time: refreshed every few seconds while one runs, so progress moves without a reload. */
export function RunsList({ canStart }: { canStart: boolean }) {
  const runs = useInfiniteQuery(evaluationRunQueries.list());
  const sets = useQuery(questionSetQueries.list());
  const setNames = new Map((sets.data ?? []).map((set) => [set.id, set.name]));

  if (runs.isPending) return <p role="status">Loading the runs…</p>;
  if (!runs.data) {
    return <QueryErrorAlert query={runs} />;
  }
  const loaded = runs.data.pages.flatMap((page) => page.data);
  if (loaded.length === 0) {
    return (
      <EmptyState
        title="No evaluation runs yet"
        action={canStart ? <Button asChild variant="primary"><Link href="/evaluations/runs/new">New run</Link></Button> : undefined}
      >
        A run asks every question of a set with each version of a preset (or each model) and checks the answers.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-3">
    <Table framed data-testid="runs-table">
      <TableHead framed columns={COLUMNS} />
      <TableBody>
        {loaded.map((run) => {
          const ended = run.totals.done + run.totals.failed;
          return (
            <tr key={run.id} data-testid="run-row" data-run-id={run.id}>
              <td className="px-3 py-2 align-top">
                <Link href={`/evaluations/runs/${run.id}`} className="font-medium text-brand-700 [overflow-wrap:anywhere] hover:underline dark:text-brand-100" data-testid="run-row-name">
                  {run.name}
                </Link>
                <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
                  <RunStatusBadge run={run} />
                  <span className="tabular-nums sm:hidden">
                    {ended} / {run.totals.total}
                    {run.totals.failed > 0 ? ` · ${run.totals.failed} failed` : null}
                  </span>
                </span>
              </td>
              <td className="px-3 py-2 align-top">
                <PassRates versions={run.versions} />
              </td>
              <td className="hidden px-3 py-2 align-top tabular-nums sm:table-cell">
                {ended} / {run.totals.total}
                {run.totals.failed > 0 ? <span className="block text-xs text-red-700 dark:text-red-400">{run.totals.failed} failed</span> : null}
              </td>
              <td className="hidden px-3 py-2 align-top lg:table-cell">
                {setNames.get(run.set_id) ?? "Question set"} <span className="text-slate-600 dark:text-slate-400">v{run.set_version}</span>
              </td>
              <td className="hidden px-3 py-2 text-right align-top tabular-nums md:table-cell">
                {formatUsd(run.totals.spent_usd)} <span className="text-xs text-slate-600 dark:text-slate-400">of {formatUsd(run.cap_usd)}</span>
              </td>
              <td className="hidden px-3 py-2 align-top md:table-cell">
                <RelativeTime value={run.created_at} />
              </td>
            </tr>
          );
        })}
      </TableBody>
    </Table>
      {runs.hasNextPage ? (
        <Button variant="secondary" onClick={() => void runs.fetchNextPage()} disabled={runs.isFetchingNextPage}>
          {runs.isFetchingNextPage ? "Loading more runs…" : "Show older runs"}
        </Button>
      ) : null}
    </div>
  );
}

/** Each version's share of ended items that passed: "v2 13% · v3 93%" on one line from sm, a version a line below it. */
function PassRates({ versions }: { versions: EvaluationRunSummary["versions"] }) {
  return (
    <ul className="flex flex-col gap-y-0.5 tabular-nums sm:flex-row sm:flex-wrap sm:gap-x-2" data-testid="run-pass-rates">
      {versionPassRates(versions).map((version, index) => (
        // A long label (a model's id on one version) wraps anywhere below sm, its rate never parted from it.
        <li key={index} className="[overflow-wrap:anywhere] sm:whitespace-nowrap" data-testid="run-pass-rate">
          {index > 0 ? (
            <span aria-hidden className="mr-2 hidden text-slate-400 sm:inline dark:text-slate-600">
              ·
            </span>
          ) : null}
          <span aria-hidden data-testid="pass-rate-shown">
            <span className="text-slate-600 dark:text-slate-400">{version.short}</span> <span className="whitespace-nowrap font-medium">{version.rate}</span>
          </span>
          <span className="sr-only">{version.detail}</span>
        </li>
      ))}
    </ul>
  );
}

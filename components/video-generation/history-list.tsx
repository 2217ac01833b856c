"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TableHead } from "@/components/ui/table";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { generationQueries } from "@/lib/client/queries/video-generations";
import { generationCost, isGenerationFinished, statusLabel } from "@/lib/video-models/generation-progress";
import { formatUsd } from "@/lib/video-models/money";
import type { Generation } from "@/lib/bff/video-generations";

const COLUMNS = ["When", "Who", "Prompt", "Models", "Cost", "Status"] as const;

function runStatus(generation: Generation): string {
  if (!isGenerationFinished(generation)) return "Running";
  const statuses = [...new Set(generation.jobs.map((job) => job.status))];
  return statuses.map(statusLabel).join(", ");
}

/** Everyone's video generations, newest first, each linking to its run; more pages on demand. */
export function HistoryList() {
  const query = useInfiniteQuery(generationQueries.history());
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];
  if (query.isPending) return <p role="status">Loading the history…</p>;
  if (query.isError && rows.length === 0) return <Alert>{apiErrorMessage(query.error)}</Alert>;
  if (rows.length === 0) return <EmptyState title="No generations yet">Pick models in the catalog and generate with them.</EmptyState>;
  return (
    <div className="space-y-3">
      <Table framed data-testid="generation-history">
        <caption className="sr-only">Video generations, newest first</caption>
        <TableHead framed columns={COLUMNS} />
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {rows.map((generation) => (
            <tr key={generation.id} data-testid="history-row" data-generation-id={generation.id}>
              <td className="whitespace-nowrap px-3 py-2">
                <RelativeTime value={generation.created_at} />
              </td>
              <td className="px-3 py-2">{generation.user.name}</td>
              <td className="max-w-xs px-3 py-2">
                <Link href={`/video-models/generate/${generation.id}`} className="line-clamp-2 font-medium text-brand-700 hover:underline dark:text-brand-100">
                  {generation.prompt}
                </Link>
              </td>
              <td className="px-3 py-2 font-mono text-xs">{generation.models.join(", ")}</td>
              <td className="px-3 py-2 tabular-nums">{formatUsd(generationCost(generation))}</td>
              <td className="px-3 py-2">{runStatus(generation)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {query.hasNextPage ? (
        <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? "Loading…" : "Show older generations"}
        </Button>
      ) : null}
    </div>
  );
}

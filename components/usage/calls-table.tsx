"use client";

import Link from "next/link";
import { Fragment, useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { UsageCall } from "@/lib/contract/bff/usage";
import { usageQueries, type UsageParams } from "@/lib/client/queries/usage";
import { formatUsd } from "@/lib/video-models/money";
import { Button } from "@/components/ui/button";
import { QueryErrorAlert } from "@/components/ui/query-error-alert";
import { Table, TableBody, TableHead } from "@/components/ui/table";
import { CallGeneration } from "./call-generation";

/** The calls shown as CSV (lib/usage/csv.ts), loaded on click. */
async function downloadCsv(calls: readonly UsageCall[]): Promise<void> {
  const { usageCallsCsv } = await import("@/lib/usage/csv");
  const blob = new Blob([usageCallsCsv(calls)], { type: "text/csv" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = "usage-calls.csv";
  link.click();
  URL.revokeObjectURL(link.href);
}

const SUBJECT_LABELS: Record<string, string> = { "playground-response": "Playground", "evaluation-item": "Evaluation run", "video-generation": "Video generations" };

/** The ledger's calls under the filter, newest first, a page at a time; CSV of the rows loaded. */
export function CallsTable({ params, showPerson }: { params: UsageParams; showPerson: boolean }) {
  const query = useInfiniteQuery(usageQueries.calls(params));
  const calls = query.data?.pages.flatMap((page) => page.data) ?? [];
  const [open, setOpen] = useState<string | null>(null);
  const columnCount = showPerson ? 11 : 10;
  return (
    <section aria-labelledby="usage-calls" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="usage-calls" className="text-sm font-semibold">
          Calls
        </h2>
        <Button variant="secondary" disabled={calls.length === 0} onClick={() => void downloadCsv(calls)}>
          Export {calls.length} as CSV
        </Button>
      </div>
      {query.isError ? <QueryErrorAlert query={query} /> : null}
      {/* Positioned, so the buttons' screen-reader text (absolute) scrolls with the table instead of widening the page. */}
      <Table framed wrapperClassName="relative">
        <TableHead
          framed
          columns={[
            "Time",
            ...(showPerson ? [{ label: "Person", className: "hidden md:table-cell" }] : []),
            "Model",
            { label: "Feature", className: "hidden sm:table-cell" },
            { label: "Generation", className: "hidden lg:table-cell" },
            { label: "Tokens", className: "hidden md:table-cell text-right" },
            { label: "Reserved", className: "hidden sm:table-cell text-right" },
            { label: "Settled", className: "text-right" },
            "State",
            "Spent in",
            { label: <span className="sr-only">Details</span> },
          ]}
        />
        <TableBody>
          {calls.map((call) => (
            <Fragment key={call.id}>
              <tr>
                <td className="whitespace-nowrap px-3 py-1.5 tabular-nums">{call.created_at.slice(0, 16).replace("T", " ")}</td>
                {showPerson ? <td className="hidden max-w-40 truncate px-3 py-1.5 md:table-cell">{call.user_email ?? call.user_id}</td> : null}
                <td className="max-w-40 truncate px-3 py-1.5" title={call.model}>{call.model}</td>
                <td className="hidden px-3 py-1.5 sm:table-cell">{call.feature}</td>
                <td className="hidden max-w-40 truncate px-3 py-1.5 font-mono text-xs lg:table-cell">{call.generation_id ?? "–"}</td>
                <td className="hidden px-3 py-1.5 text-right tabular-nums md:table-cell">{call.input_tokens ?? "–"} / {call.output_tokens ?? "–"}</td>
                <td className="hidden px-3 py-1.5 text-right tabular-nums sm:table-cell">{formatUsd(call.reserved_usd)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{call.settled_usd === null ? "–" : formatUsd(call.settled_usd)}</td>
                <td className="px-3 py-1.5">{call.state}</td>
                <td className="px-3 py-1.5">
                  {call.href ? (
                    <Link href={call.href} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-100">
                      {SUBJECT_LABELS[call.subject_kind] ?? call.subject_kind}
                    </Link>
                  ) : (
                    call.subject_kind
                  )}
                </td>
                <td className="px-3 py-1.5">
                  {call.generation_id ? (
                    <Button size="sm" variant="ghost" aria-expanded={open === call.id} aria-controls={`call-${call.id}`} onClick={() => setOpen(open === call.id ? null : call.id)}>
                      Details<span className="sr-only"> of the call at {call.created_at}</span>
                    </Button>
                  ) : null}
                </td>
              </tr>
              {open === call.id ? (
                <tr id={`call-${call.id}`}>
                  <td colSpan={columnCount} className="bg-slate-50 px-3 py-2 dark:bg-slate-900">
                    <CallGeneration callId={call.id} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </TableBody>
      </Table>
      {query.isSuccess && calls.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No calls in this range.</p> : null}
      {query.hasNextPage ? (
        <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? "Loading…" : "Show more calls"}
        </Button>
      ) : null}
    </section>
  );
}

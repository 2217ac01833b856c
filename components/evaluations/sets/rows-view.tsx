"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableHead } from "@/components/ui/table";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { questionSetQueries } from "@/lib/client/queries/evaluation-sets";
import { ROWS_PER_PAGE } from "@/lib/question-sets/draft";
import { ROW_COLUMNS } from "./row-columns";
import { RowsPager } from "./rows-pager";

const EMPTY = <span className="text-slate-500 dark:text-slate-400">–</span>;

/**
 * A version's rows, read only (an older version, or the newest for a viewer), fetched a page at a time: a set holds
 * up to 10,000 rows, and only the page shown is ever read, sent or in the document.
 */
export function RowsView({ setId, version, caption }: { setId: string; version: number | undefined; caption: string }) {
  const [page, setPage] = useState(0);
  const query = useQuery(questionSetQueries.rows(setId, version, page));
  if (query.isError && !query.data) return <Alert>The rows could not be loaded: {apiErrorMessage(query.error)}</Alert>;
  if (!query.data) return <Skeleton className="h-64 w-full" />;
  const { rows, offset, row_count: total } = query.data;
  return (
    <>
      <Table framed wrapperClassName="relative" aria-busy={query.isPlaceholderData}>
        <caption className="sr-only">{caption}</caption>
        <TableHead framed columns={ROW_COLUMNS} cellClassName="px-2 py-2" />
        <TableBody>
          {rows.map((row, index) => (
            <tr key={offset + index} className="align-top">
              <th scope="row" className="px-2 py-2 text-right text-xs font-normal tabular-nums text-slate-600 dark:text-slate-400">
                {offset + index + 1}
              </th>
              <td className="min-w-56 whitespace-pre-wrap break-words px-2 py-2">{row.question}</td>
              <td className="min-w-48 whitespace-pre-wrap break-words px-2 py-2">{row.expected || EMPTY}</td>
              <td className="px-2 py-2">{row.tags.length > 0 ? row.tags.join("; ") : EMPTY}</td>
              <td className="break-all px-2 py-2">{row.allowed_domains.length > 0 ? row.allowed_domains.join("; ") : EMPTY}</td>
              <td className="px-2 py-2 text-center">{row.time_sensitive ? "Yes" : "No"}</td>
            </tr>
          ))}
        </TableBody>
      </Table>
      <RowsPager page={Math.floor(offset / ROWS_PER_PAGE)} total={total} onPage={setPage} label="Pages of rows" />
    </>
  );
}

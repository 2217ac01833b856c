"use client";

import { useState } from "react";
import { Table, TableBody, TableHead } from "@/components/ui/table";
import type { QuestionRow } from "@/lib/eval/questions";
import { ROWS_PER_PAGE } from "@/lib/question-sets/draft";
import { ROW_COLUMNS } from "./row-columns";
import { RowsPager } from "./rows-pager";

const EMPTY = <span className="text-slate-500 dark:text-slate-400">–</span>;

/** A version's rows, read only: an older version, or the newest for a viewer. */
export function RowsView({ rows, caption }: { rows: readonly QuestionRow[]; caption: string }) {
  const [page, setPage] = useState(0);
  const shown = rows.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE);
  return (
    <>
      <Table framed wrapperClassName="relative">
        <caption className="sr-only">{caption}</caption>
        <TableHead framed columns={ROW_COLUMNS} cellClassName="px-2 py-2" />
        <TableBody>
          {shown.map((row, index) => (
            <tr key={page * ROWS_PER_PAGE + index} className="align-top">
              <th scope="row" className="px-2 py-2 text-right text-xs font-normal tabular-nums text-slate-600 dark:text-slate-400">
                {page * ROWS_PER_PAGE + index + 1}
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
      <RowsPager page={page} total={rows.length} onPage={setPage} label="Pages of rows" />
    </>
  );
}

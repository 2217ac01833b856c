"use client";

import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/input";
import { ROWS_PER_PAGE } from "@/lib/question-sets/draft";

/**
 * Pages through a set's rows, ROWS_PER_PAGE at a time: a set holds up to 10,000 rows and only one page of
 * them is ever in the document (paging, not virtualizing: a table of inputs stays plain HTML, and keyboard and
 * screen-reader users meet no rows that appear and vanish as they scroll).
 */
export function RowsPager({ page, total, onPage, label }: { page: number; total: number; onPage: (page: number) => void; label: string }) {
  const pages = Math.max(1, Math.ceil(total / ROWS_PER_PAGE));
  const first = total === 0 ? 0 : page * ROWS_PER_PAGE + 1;
  const last = Math.min(total, (page + 1) * ROWS_PER_PAGE);
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-slate-600 dark:text-slate-400" aria-live="polite">
        Rows {first.toLocaleString("en-US")}–{last.toLocaleString("en-US")} of {total.toLocaleString("en-US")}
      </p>
      {pages > 1 ? (
        <div className="flex items-center gap-2">
          <Button size="sm" onClick={() => onPage(page - 1)} disabled={page === 0}>
            Previous
          </Button>
          <label className="flex items-center gap-1.5">
            <span className="sr-only">Page</span>
            <Select className="h-8 w-auto py-0" value={page} onChange={(event) => onPage(Number(event.target.value))}>
              {Array.from({ length: pages }, (_, index) => (
                <option key={index} value={index}>
                  Page {index + 1} of {pages}
                </option>
              ))}
            </Select>
          </label>
          <Button size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages - 1}>
            Next
          </Button>
        </div>
      ) : null}
    </nav>
  );
}

"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useEffect, useRef } from "react";
import { ResultRow } from "./result-row";
import type { EvaluationQuestionRow, EvaluationResultVersion } from "@/lib/contract/bff/evaluation-results";
import { useMediaQuery } from "@/lib/client/hooks/use-media-query";
import { gridTemplate, QUESTION_WIDTH, QUESTION_WIDTH_NARROW, GROUP_WIDTH, tableWidth, VERSION_GROUP } from "./table-columns";
import { formatSort, type SortKey, type ResultsView } from "./url-state";

const ROW_HEIGHT = 40;
const OVERSCAN = 10;

export interface ResultsTableProps {
  /** The rows loaded so far, in the view's order. */
  rows: readonly EvaluationQuestionRow[];
  versions: readonly EvaluationResultVersion[];
  view: ResultsView;
  /** Rows that match the view (loaded or not). */
  total: number;
  /** Called with the last rendered index, so the parent can fetch the next page ahead. */
  onRangeEnd: (lastIndex: number) => void;
  onSort: (sort: SortKey) => void;
  onOpen: (questionIndex: number) => void;
  hrefFor: (questionIndex: number) => string;
}

function SortButton({ label, srLabel, sort, view, onSort }: { label: string; srLabel?: string; sort: SortKey; view: ResultsView; onSort: (sort: SortKey) => void }) {
  const active = formatSort(sort) === formatSort(view.sort);
  return (
    <button type="button" aria-label={srLabel} onClick={() => onSort(sort)} className="flex w-full items-center gap-1 truncate px-2 py-1.5 text-left font-medium hover:text-brand-700 dark:hover:text-white">
      {label}
      <span aria-hidden className="text-slate-400">{active ? (view.dir === "asc" ? "▲" : "▼") : ""}</span>
    </button>
  );
}

function ariaSort(sort: SortKey, view: ResultsView) {
  return formatSort(sort) === formatSort(view.sort) ? (view.dir === "asc" ? "ascending" : "descending") : "none";
}

/** The two header rows (version names, then sortable columns): memoised, so a scroll frame re-renders only the rows. */
const TableHeader = memo(function TableHeader({ versions, view, onSort, template, questionWidth }: { versions: readonly EvaluationResultVersion[]; view: ResultsView; onSort: (sort: SortKey) => void; template: string; questionWidth: number }) {
  return (
    <div role="rowgroup" className="sticky top-0 z-10 bg-white text-xs text-slate-600 shadow-[0_1px_0_rgb(226_232_240)] dark:bg-slate-950 dark:text-slate-300 dark:shadow-[0_1px_0_rgb(30_41_59)]">
      <div role="row" aria-rowindex={1} className="grid" style={{ gridTemplateColumns: `${questionWidth}px${` ${GROUP_WIDTH}px`.repeat(versions.length)}` }}>
        <div role="columnheader" className="px-3 pt-1.5" />
        {versions.map((v) => (
          <div key={v.version_index} role="columnheader" className="truncate border-l border-slate-200 px-2 pt-1.5 font-semibold text-slate-800 dark:border-slate-800 dark:text-slate-100">
            {v.label}
          </div>
        ))}
      </div>
      <div role="row" aria-rowindex={2} className="grid" style={{ gridTemplateColumns: template }}>
        <div role="columnheader" aria-sort={ariaSort({ column: "question" }, view)} className="px-1">
          <SortButton label="Question" sort={{ column: "question" }} view={view} onSort={onSort} />
        </div>
        {versions.map((v) =>
          VERSION_GROUP.map((c, i) => {
            const sort: SortKey = { column: c.column, version: v.version_index };
            return (
              <div
                key={`${v.version_index}-${c.column}`}
                role="columnheader"
                aria-sort={ariaSort(sort, view)}
                className={i === 0 ? "border-l border-slate-200 dark:border-slate-800" : ""}
              >
                <SortButton label={c.label} srLabel={`${v.label} ${c.label}`} sort={sort} view={view} onSort={onSort} />
              </div>
            );
          }),
        )}
      </div>
    </div>
  );
});

/**
 * Every question of the run (after the filters), virtualized: the DOM holds the rows in view and a few more
 * whatever the count, and the header scrolls sideways with them. Headers sort; a question opens its detail.
 */
export function ResultsTable({ rows, versions, view, total, onRangeEnd, onSort, onOpen, hrefFor }: ResultsTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const questionWidth = useMediaQuery("(min-width: 640px)") ? QUESTION_WIDTH : QUESTION_WIDTH_NARROW;
  const template = gridTemplate(versions.length, questionWidth);
  const width = tableWidth(versions.length, questionWidth);

  // useFlushSync off: by default the virtualizer renders the rows synchronously inside each scroll event, so the
  // event, React's render and the frame's layout and paint made one task, 60-100 ms now and then with 10,000
  // rows (bench:evaluation-results-page); React renders a scroll's update in a task of its own instead.
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: OVERSCAN, useFlushSync: false });

  // A new filter or sort starts at the top.
  const viewKey = `${view.filters.join(",")}|${view.tag}|${formatSort(view.sort)}|${view.dir}`;
  const shownFor = useRef(viewKey);
  useEffect(() => {
    if (shownFor.current === viewKey) return;
    shownFor.current = viewKey;
    virtualizer.scrollToOffset(0);
  }, [viewKey, virtualizer]);

  // The open question (j/k in the detail) stays in view.
  useEffect(() => {
    if (view.question === null) return;
    const index = rows.findIndex((row) => row.question_index === view.question);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: "auto" });
  }, [view.question, rows, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? items[items.length - 1].index : -1;
  useEffect(() => onRangeEnd(lastIndex), [lastIndex, rows.length, onRangeEnd]);

  return (
    <div
      ref={scrollRef}
      data-testid="results-scroller"
      tabIndex={0}
      role="region"
      aria-label="Questions"
      className="h-[calc(100dvh-16rem)] min-h-[22rem] overflow-auto overscroll-contain rounded-lg border border-slate-200 [overflow-anchor:none] dark:border-slate-800"
    >
      <div role="table" aria-label={`Questions (${total})`} aria-rowcount={total + 2} style={{ width }}>
        <TableHeader versions={versions} view={view} onSort={onSort} template={template} questionWidth={questionWidth} />
        <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize(), contain: "strict" }}>
          {items.map((item) => {
            const row = rows[item.index];
            return (
              <ResultRow
                key={row.question_index}
                row={row}
                versionCount={versions.length}
                position={item.index}
                start={item.start}
                height={item.size}
                template={template}
                width={width}
                open={row.question_index === view.question}
                hrefFor={hrefFor}
                onOpen={onOpen}
              />
            );
          })}
        </div>
      </div>
      {rows.length === 0 ? <p className="p-6 text-sm text-slate-600 dark:text-slate-400">No question matches these filters.</p> : null}
    </div>
  );
}

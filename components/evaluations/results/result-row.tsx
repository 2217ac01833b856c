"use client";

import { clsx } from "clsx";
import { memo } from "react";
import type { EvaluationQuestionRow, EvaluationRowVersion, EvaluationVerdict } from "@/lib/contract/bff/evaluation-results";
import { formatMs, formatNumber, formatUsd, formatUsdCell } from "./format";

const VERDICT_STYLE: Record<EvaluationVerdict, string> = {
  passed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200",
  failed: "bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200",
  mixed: "bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200",
  error: "bg-slate-800 text-white dark:bg-slate-200 dark:text-slate-900",
  pending: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
};

export function VerdictBadge({ verdict, failed, checks }: { verdict: EvaluationVerdict; failed?: number; checks?: number }) {
  const text = verdict === "failed" && checks ? `failed ${failed}/${checks}` : verdict;
  return <span className={clsx("whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium", VERDICT_STYLE[verdict])}>{text}</span>;
}

function Cells({ cell }: { cell: EvaluationRowVersion | undefined }) {
  const td = "truncate px-2 text-sm tabular-nums";
  if (!cell) {
    return Array.from({ length: 5 }, (_, i) => (
      <div key={i} role="cell" className={td}>
        –
      </div>
    ));
  }
  return (
    <>
      <div role="cell" className="px-2">
        <VerdictBadge verdict={cell.verdict} failed={cell.failed_checks} checks={cell.checks.length} />
      </div>
      <div role="cell" className={td} title={formatUsd(cell.cost_usd)}>
        {formatUsdCell(cell.cost_usd)}
      </div>
      <div role="cell" className={td}>
        {formatMs(cell.latency_ms)}
      </div>
      <div role="cell" className={td}>
        {formatNumber(cell.citation_count, 1)}
      </div>
      <div role="cell" className={td}>
        {cell.sources_changed === null ? "" : cell.sources_changed ? <span className="text-xs font-semibold text-amber-800 dark:text-amber-300">changed</span> : "same"}
      </div>
    </>
  );
}

interface ResultRowProps {
  row: EvaluationQuestionRow;
  versionCount: number;
  /** Position among the rows shown (0-based). */
  position: number;
  start: number;
  height: number;
  template: string;
  width: number;
  open: boolean;
  /** The row's link (called here, so a row that stays in view costs nothing on a scroll frame). */
  hrefFor: (questionIndex: number) => string;
  onOpen: (questionIndex: number) => void;
}

/** One question: a link that opens its detail, then a group of cells per version. */
export const ResultRow = memo(function ResultRow({ row, versionCount, position, start, height, template, width, open, hrefFor, onOpen }: ResultRowProps) {
  return (
    <div
      role="row"
      aria-rowindex={position + 3}
      aria-current={open ? "true" : undefined}
      data-testid="result-row"
      data-question={row.question_index}
      className={clsx(
        "absolute left-0 top-0 grid items-center border-b border-slate-100 dark:border-slate-800/70",
        open ? "bg-brand-50 dark:bg-brand-500/10" : "hover:bg-slate-50 dark:hover:bg-slate-900/60",
      )}
      style={{ transform: `translateY(${start}px)`, height, width, gridTemplateColumns: template, contain: "strict" }}
    >
      <div role="rowheader" className="flex min-w-0 items-center gap-2 px-3">
        <span className="shrink-0 font-mono text-xs text-slate-600 dark:text-slate-400">{row.question_index + 1}</span>
        <a
          href={hrefFor(row.question_index)}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            onOpen(row.question_index);
          }}
          className="truncate text-sm text-slate-900 hover:underline dark:text-slate-100"
          title={row.question}
        >
          {row.question}
        </a>
      </div>
      {Array.from({ length: versionCount }, (_, index) => (
        <Cells key={index} cell={row.versions.find((v) => v.version_index === index)} />
      ))}
    </div>
  );
});

"use client";

import { clsx } from "clsx";
import { useMemo } from "react";
import { canonicalJson, diffLines, toSideBySide } from "@/lib/presets/line-diff";

export type JsonDiffMode = "split" | "unified";

const ROW = {
  equal: "",
  removed: "bg-red-50 text-red-900 dark:bg-red-950/50 dark:text-red-100",
  added: "bg-emerald-50 text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100",
} as const;

const SIGN = { equal: " ", removed: "-", added: "+" } as const;

type SideLine = { number: number; text: string; op: keyof typeof ROW };

/** One side of a split row: its line number and text, or an empty grey cell; `marked` lines are read out as such. */
function DiffCell({ line, marked, className }: { line: SideLine | null | undefined; marked: "removed" | "added"; className?: string }) {
  return (
    <td className={clsx("whitespace-pre-wrap break-all align-top", className, line ? ROW[line.op] : "bg-slate-50 dark:bg-slate-900/60")}>
      {line ? (
        <div className="flex">
          <Gutter>{line.number}</Gutter>
          {line.op === marked ? <span className="sr-only">{marked}: </span> : null}
          <span className="min-w-0">{line.text}</span>
        </div>
      ) : null}
    </td>
  );
}

function Gutter({ children }: { children: React.ReactNode }) {
  return <span className="inline-block w-9 shrink-0 select-none pr-2 text-right text-slate-600 dark:text-slate-300">{children}</span>;
}

/** The two documents as pretty JSON (keys sorted), diffed line by line, side by side or unified. */
export function JsonDiffView({ before, after, mode, beforeLabel, afterLabel }: { before: unknown; after: unknown; mode: JsonDiffMode; beforeLabel: string; afterLabel: string }) {
  const lines = useMemo(() => diffLines(canonicalJson(before), canonicalJson(after)), [before, after]);
  const rows = useMemo(() => (mode === "split" ? toSideBySide(lines) : []), [lines, mode]);

  if (mode === "unified") {
    return (
      // Focusable so keyboard users can scroll a wide diff sideways.
      <div
        tabIndex={0}
        role="region"
        aria-label={`Unified JSON diff of ${beforeLabel} and ${afterLabel}`}
        className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-800"
        data-testid="json-diff-unified"
      >
        <div className="sr-only">
          Unified diff: lines starting with minus are only in {beforeLabel}, plus only in {afterLabel}.
        </div>
        <pre className="min-w-fit py-2 font-mono text-xs leading-5">
          {lines.map((line, index) => (
            <div key={index} className={clsx("flex whitespace-pre pr-3", ROW[line.op])}>
              <Gutter>{line.oldNumber ?? ""}</Gutter>
              <Gutter>{line.newNumber ?? ""}</Gutter>
              <span aria-hidden className="w-4 shrink-0">
                {SIGN[line.op]}
              </span>
              <span className="sr-only">{line.op === "equal" ? "" : `${line.op}: `}</span>
              {line.text}
            </div>
          ))}
        </pre>
      </div>
    );
  }

  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={`Side-by-side JSON diff of ${beforeLabel} and ${afterLabel}`}
      className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-800"
      data-testid="json-diff-split"
    >
      <table className="w-full min-w-[40rem] table-fixed border-collapse font-mono text-xs leading-5">
        <thead className="font-sans text-xs text-slate-600 dark:text-slate-400">
          <tr>
            <th scope="col" className="border-b border-r border-slate-200 px-2 py-1 text-left font-medium dark:border-slate-800">
              {beforeLabel}
            </th>
            <th scope="col" className="border-b border-slate-200 px-2 py-1 text-left font-medium dark:border-slate-800">
              {afterLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              <DiffCell line={row.left} marked="removed" className="border-r border-slate-200 dark:border-slate-800" />
              <DiffCell line={row.right} marked="added" />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

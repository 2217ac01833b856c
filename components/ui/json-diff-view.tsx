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
              <td className={clsx("whitespace-pre-wrap break-all border-r border-slate-200 align-top dark:border-slate-800", row.left ? ROW[row.left.op] : "bg-slate-50 dark:bg-slate-900/60")}>
                {row.left ? (
                  <div className="flex">
                    <Gutter>{row.left.number}</Gutter>
                    {row.left.op === "removed" ? <span className="sr-only">removed: </span> : null}
                    <span className="min-w-0">{row.left.text}</span>
                  </div>
                ) : null}
              </td>
              <td className={clsx("whitespace-pre-wrap break-all align-top", row.right ? ROW[row.right.op] : "bg-slate-50 dark:bg-slate-900/60")}>
                {row.right ? (
                  <div className="flex">
                    <Gutter>{row.right.number}</Gutter>
                    {row.right.op === "added" ? <span className="sr-only">added: </span> : null}
                    <span className="min-w-0">{row.right.text}</span>
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

"use client";

import { clsx } from "clsx";
import { COLUMNS } from "./file-row";

/** The column titles above the rows (wide screens; compact rows label themselves). */
export function FileListHeader() {
  return (
    <div
      aria-hidden
      className={clsx(
        COLUMNS,
        "overflow-hidden border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600 [scrollbar-gutter:stable] dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400",
      )}
    >
      <span className="pl-7">Name</span>
      <span>Type</span>
      <span className="text-right">Size</span>
      <span>Created</span>
      <span>Download</span>
    </div>
  );
}

"use client";

import { clsx } from "clsx";
import { memo } from "react";
import type { GatewayFile } from "@/lib/contract/gateway";
import { formatExactTime, formatRelativeTime } from "@/lib/format/time";
import { formatBytes, formatExactBytes } from "@/lib/format/bytes";
import { describeMime } from "@/lib/files/mime";
import { FileIcon } from "./file-icon";

/** Column template shared by the header and the rows so they line up. */
export const COLUMNS = "grid grid-cols-[minmax(0,1fr)_9.5rem_5.5rem_8.5rem_7.5rem] items-center gap-x-3";

export function rowDomId(listId: string, fileId: string): string {
  return `${listId}-row-${fileId}`;
}

interface FileRowProps {
  file: GatewayFile;
  listId: string;
  index: number;
  /** Total rows when known (the list is complete), else -1 as ARIA asks for an unknown set size. */
  setSize: number;
  start: number;
  height: number;
  selected: boolean;
  active: boolean;
  compact: boolean;
  now: number;
  onPointerSelect: (index: number, event: React.MouseEvent) => void;
  onOpen: (index: number) => void;
}

/** One virtualized row. Memoized: while scrolling only rows entering the window render. */
export const FileRow = memo(function FileRow({
  file,
  listId,
  index,
  setSize,
  start,
  height,
  selected,
  active,
  compact,
  now,
  onPointerSelect,
  onOpen,
}: FileRowProps) {
  const mime = describeMime(file.mime_type);
  const size = formatBytes(file.size_bytes);
  const exactSize = formatExactBytes(file.size_bytes);
  const created = formatRelativeTime(file.created_at, now);
  const exactCreated = formatExactTime(file.created_at);
  const badge = file.downloadable ? (
    <span className="inline-flex items-center rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200">
      Downloadable
    </span>
  ) : null;

  return (
    <div
      role="option"
      id={rowDomId(listId, file.id)}
      aria-selected={selected}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      aria-label={`${file.filename}, ${mime.label}, ${size}, created ${created}${file.downloadable ? ", downloadable" : ""}`}
      data-testid="file-row"
      data-file-id={file.id}
      data-index={index}
      data-active={active || undefined}
      onClick={(event) => onPointerSelect(index, event)}
      onDoubleClick={() => onOpen(index)}
      // Fixed size and no overflow: strict containment lets the browser lay out and paint each row on its own.
      style={{ height, transform: `translateY(${start}px)`, contain: "strict" }}
      className={clsx(
        "absolute left-0 top-0 w-full cursor-default select-none border-b border-slate-100 px-3 text-sm dark:border-slate-800/70",
        selected ? "bg-brand-50 dark:bg-brand-700/25" : "hover:bg-slate-50 dark:hover:bg-slate-900",
        active && "shadow-[inset_3px_0_0_var(--color-brand-500)] group-focus-visible:outline-2 group-focus-visible:-outline-offset-2 group-focus-visible:outline-brand-500",
        compact ? "flex flex-col justify-center gap-0.5" : COLUMNS,
      )}
    >
      <div className="flex min-w-0 items-center gap-2">
        <FileIcon kind={mime.kind} />
        <span className="truncate font-medium" title={file.filename}>
          {file.filename}
        </span>
        {compact ? <span className="ml-auto shrink-0">{badge}</span> : null}
      </div>
      {compact ? (
        <div className="flex min-w-0 gap-1.5 pl-7 text-xs text-slate-600 dark:text-slate-400">
          <span className="truncate">{mime.label}</span>
          <span aria-hidden>·</span>
          <span className="shrink-0 tabular-nums" title={exactSize} data-testid="file-size">
            {size}
          </span>
          <span aria-hidden>·</span>
          <time className="shrink-0" dateTime={file.created_at} title={exactCreated}>
            {created}
          </time>
        </div>
      ) : (
        <>
          <span className="truncate text-slate-600 dark:text-slate-400" title={file.mime_type}>
            {mime.label}
          </span>
          <span className="text-right tabular-nums text-slate-700 dark:text-slate-300" title={exactSize} data-testid="file-size">
            {size}
          </span>
          <time className="truncate text-slate-600 dark:text-slate-400" dateTime={file.created_at} title={exactCreated}>
            {created}
          </time>
          <span>{badge}</span>
        </>
      )}
    </div>
  );
});

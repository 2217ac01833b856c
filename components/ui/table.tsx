import { clsx } from "clsx";
import type { ReactNode } from "react";

/**
 * The app's tables: a horizontally scrolling wrapper (framed with a border and rounded corners where the
 * table stands alone), a header row of column titles and a body with a rule between rows.
 */
export function Table({
  framed = false,
  wrapperClassName,
  className,
  ...props
}: React.TableHTMLAttributes<HTMLTableElement> & { framed?: boolean; wrapperClassName?: string }) {
  return (
    <div className={clsx("overflow-x-auto", framed && "rounded-xl border border-slate-200 dark:border-slate-800", wrapperClassName)}>
      <table className={clsx("w-full text-left text-sm", className)} {...props} />
    </div>
  );
}

/** A column title: its text, or the text with classes for that cell (hidden at some widths, right-aligned). */
export type TableColumn = ReactNode | { label: ReactNode; className?: string };

function isColumnObject(column: TableColumn): column is { label: ReactNode; className?: string } {
  return typeof column === "object" && column !== null && "label" in column;
}

/** The header row; `framed` shades it as the top of a framed table. */
export function TableHead({
  columns,
  framed = false,
  className,
  cellClassName = "px-3 py-2",
}: {
  columns: readonly TableColumn[];
  framed?: boolean;
  className?: string;
  cellClassName?: string;
}) {
  return (
    <thead className={clsx("text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400", framed && "bg-slate-50 dark:bg-slate-900", className)}>
      <tr>
        {columns.map((column, index) => {
          const { label, className: own } = isColumnObject(column) ? column : { label: column, className: undefined };
          return (
            <th key={index} scope="col" className={clsx(cellClassName, "font-medium", own)}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

export function TableBody({ className, ...props }: React.HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={clsx("divide-y divide-slate-200 dark:divide-slate-800", className)} {...props} />;
}

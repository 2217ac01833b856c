import type { RowError } from "@/lib/evaluations/import-errors";

/** What the import dialog shows when the API refused a file: the listed bad rows and how many more there are. */
export interface ImportReport {
  errors: RowError[];
  /** Every bad row the file has, listed or not. */
  errorCount: number;
  /** error_count beyond the listed ones (the API lists the first 100). */
  more: number;
}

function isRowError(value: unknown): value is RowError {
  if (typeof value !== "object" || value === null) return false;
  const row = value as Record<string, unknown>;
  return typeof row.line === "number" && typeof row.field === "string" && typeof row.message === "string";
}

/** The report in a 400's metadata (`{ errors, error_count }`), or null when the refusal is not about rows. */
export function importReportOf(metadata: Record<string, unknown> | null | undefined): ImportReport | null {
  const errors = metadata?.errors;
  if (!Array.isArray(errors) || errors.length === 0 || !errors.every(isRowError)) return null;
  const counted = metadata?.error_count;
  const errorCount = typeof counted === "number" && counted >= errors.length ? counted : errors.length;
  return { errors, errorCount, more: errorCount - errors.length };
}

/** A set's name from its file's ("web-questions.csv" -> "web-questions"). */
export function setNameOf(fileName: string): string {
  return fileName.replace(/\.[^.]*$/, "").trim().slice(0, 200) || "Imported questions";
}

import type { z } from "zod";
import { formatIssuePath } from "@/lib/contract/gateway/errors";

/** One problem of an imported file: the 1-based line where the row starts, the field, a sentence. */
export interface RowError {
  line: number;
  /** The field ("question", "allowed_domains[2]"), or "row" / "file" / "header" for the row or file as a whole. */
  field: string;
  message: string;
}

/** How many errors a report lists; the rest are only counted, so a broken 10,000-row file stays readable. */
/** @public API of lib/evaluations for the runner, pages and CLI. */
export const ROW_ERRORS_LISTED = 100;

/** Collects every error of a file but keeps only the first ROW_ERRORS_LISTED. */
export class RowErrorCollector {
  readonly listed: RowError[] = [];
  count = 0;

  add(error: RowError): void {
    this.count += 1;
    if (this.listed.length < ROW_ERRORS_LISTED) this.listed.push(error);
  }

  addZodIssues(line: number, issues: readonly z.core.$ZodIssue[]): void {
    for (const issue of issues) {
      if (issue.code === "unrecognized_keys") {
        for (const key of issue.keys) this.add({ line, field: key, message: "is not a known field (question, expected, tags, allowed_domains, time_sensitive)" });
        continue;
      }
      const field = formatIssuePath(issue.path) || "row";
      this.add({ line, field, message: issue.message });
    }
  }
}

export type ImportResult<T> =
  | { ok: true; rows: T[] }
  /** Nothing is importable when any row is bad: `errors` lists the first ones, `error_count` all. */
  | { ok: false; errors: RowError[]; error_count: number };

export function failed<T>(collector: RowErrorCollector): ImportResult<T> {
  return { ok: false, errors: collector.listed, error_count: collector.count };
}

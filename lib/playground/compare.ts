import { domainOf } from "@/lib/citations";
import type { RunState } from "./run-state";

interface CitedByRow {
  /** A URL or a domain. */
  key: string;
  /** Ids of the columns that cited it, in column order. */
  columns: string[];
  /** Spans citing it, per column id. */
  spans: Record<string, number>;
}

export interface CitationComparison {
  urls: CitedByRow[];
  domains: CitedByRow[];
  /** URLs every compared column cited. */
  sharedUrls: string[];
  /** Per column, the URLs only that column cited. */
  onlyIn: Record<string, string[]>;
  /** URLs cited by some but not all columns, and by more than one. */
  partialUrls: string[];
}

/**
 * What each column cited, and how the columns overlap. Only columns that produced output take part,
 * so a column that was never run does not make every URL "not shared".
 */
export function compareCitations(runs: readonly { id: string; run: RunState }[]): CitationComparison {
  const active = runs.filter(({ run }) => run.parts.some((part) => part.text.length > 0) || run.parts.some((part) => part.annotations.length > 0));
  const order = active.map(({ id }) => id);
  const urlRows = new Map<string, CitedByRow>();
  const domainRows = new Map<string, CitedByRow>();
  const touch = (rows: Map<string, CitedByRow>, key: string, column: string) => {
    let row = rows.get(key);
    if (!row) {
      row = { key, columns: [], spans: {} };
      rows.set(key, row);
    }
    if (!row.columns.includes(column)) row.columns.push(column);
    row.spans[column] = (row.spans[column] ?? 0) + 1;
  };
  for (const { id, run } of active) {
    for (const part of run.parts) {
      for (const annotation of part.annotations) {
        touch(urlRows, annotation.url, id);
        touch(domainRows, domainOf(annotation.url), id);
      }
    }
  }
  const sortRows = (rows: Map<string, CitedByRow>) =>
    [...rows.values()]
      .map((row) => ({ ...row, columns: order.filter((id) => row.columns.includes(id)) }))
      .sort((a, b) => b.columns.length - a.columns.length || a.key.localeCompare(b.key));
  const urls = sortRows(urlRows);
  const onlyIn: Record<string, string[]> = Object.fromEntries(order.map((id) => [id, [] as string[]]));
  for (const row of urls) if (row.columns.length === 1 && order.length > 1) onlyIn[row.columns[0]].push(row.key);
  return {
    urls,
    domains: sortRows(domainRows),
    sharedUrls: order.length > 1 ? urls.filter((row) => row.columns.length === order.length).map((row) => row.key) : [],
    onlyIn,
    partialUrls: urls.filter((row) => row.columns.length > 1 && row.columns.length < order.length).map((row) => row.key),
  };
}

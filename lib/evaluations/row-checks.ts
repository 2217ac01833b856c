import { formatCheck, parseCheck } from "./check-spelling";
import type { CheckSpec } from "./checks";
import { evaluateChecks, type CheckResult, type EvaluateOptions } from "./evaluate";
import type { ItemResult } from "./item-result";
import { fillTemplate } from "./template";

/** What the checks of one question need of its row (a question set's row; older stored rows lack the newer fields). */
export interface CheckedRow {
  question: string;
  expected?: string;
  allowed_domains?: readonly string[];
  checks?: readonly string[];
  /** `{{name}}` values: the judge sees the question as it was asked, filled. */
  vars?: Readonly<Record<string, string>>;
}

export interface RowCheck {
  check: CheckSpec;
  origin: NonNullable<CheckResult["origin"]>;
}

/**
 * The checks that apply to one row: the run's, then the row's own (`checks`), then its `allowed_domains` as an
 * `allowed-domains` check. A check spelt the same way twice runs once (the run's copy wins). A row check that no
 * longer parses is skipped: rows are validated at import, so that only happens to a row stored by an older version.
 */
export function checksForRow(runChecks: readonly CheckSpec[], row: CheckedRow): RowCheck[] {
  const out: RowCheck[] = [];
  const seen = new Set<string>();
  const add = (check: CheckSpec, origin: RowCheck["origin"]) => {
    const key = formatCheck(check);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ check, origin });
  };
  for (const check of runChecks) add(check, "run");
  for (const spelling of row.checks ?? []) {
    const parsed = parseCheck(spelling);
    if (parsed.ok) add(parsed.check, "row");
  }
  if (row.allowed_domains && row.allowed_domains.length > 0) add({ kind: "allowed-domains", domains: [...row.allowed_domains] }, "allowed_domains");
  return out;
}

/** What the judge and `expected-terms` see of a row: the question as it was asked (filled) and its expected answer. */
export function rowContext(row: CheckedRow): { question: string; expected?: string } {
  return { question: fillTemplate(row.question, row.vars ?? {}), ...(row.expected === undefined || row.expected.trim() === "" ? {} : { expected: row.expected }) };
}

/** Runs a row's checks on one answer; each result says where its check came from. The judge sees the question and expected answer. */
export async function evaluateRow(item: ItemResult, runChecks: readonly CheckSpec[], row: CheckedRow, options: Omit<EvaluateOptions, "context"> = {}): Promise<CheckResult[]> {
  const rowChecks = checksForRow(runChecks, row);
  const results = await evaluateChecks(
    item,
    rowChecks.map((entry) => entry.check),
    { ...options, context: rowContext(row) },
  );
  return results.map((result, i) => ({ ...result, origin: rowChecks[i].origin }));
}

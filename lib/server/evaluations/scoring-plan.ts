import { createHash } from "node:crypto";
import { formatCheck } from "@/lib/evaluations/check-spelling";
import { usesJudge, type CheckSpec } from "@/lib/evaluations/checks";
import { SUPPORT_CITATIONS_MAX } from "@/lib/evaluations/citation-support";
import type { CheckResult } from "@/lib/evaluations/evaluate";
import { checksForRow, type CheckedRow, type RowCheck } from "@/lib/evaluations/row-checks";

/**
 * What a scoring of stored answers has to compute, and what it can take from the verdict cache (eval_verdicts).
 * A verdict is a function of the answer, the check and (for the checks that call the judge) the judge model and the
 * pass threshold of graded checks: that is its key. A key already cached is never computed, nor paid for, again.
 */

export interface JudgeSetting {
  /** The judge model; undefined when none is chosen (judge checks then fail saying so, at no cost). */
  model: string | undefined;
  /** The run's pass threshold for graded checks that name none. */
  threshold: number | undefined;
}

/** Graded checks read the threshold; citation-support has its own minimum in its spelling. */
const GRADED = new Set<CheckSpec["kind"]>(["judge", "expected"]);

/** The cache key of one check's verdict: a hash, so a long pattern never makes a long primary key. */
export function verdictKey(check: CheckSpec, judge: JudgeSetting): string {
  const parts = [formatCheck(check)];
  if (usesJudge(check)) parts.push(`judge=${judge.model ?? ""}`);
  if (GRADED.has(check.kind)) parts.push(`threshold=${judge.threshold ?? ""}`);
  return createHash("sha256").update(parts.join("\n")).digest("base64url");
}

/** A check of a row with its cache key. */
export interface KeyedCheck extends RowCheck {
  key: string;
}

export function keyedChecks(checks: readonly CheckSpec[], row: CheckedRow, judge: JudgeSetting): KeyedCheck[] {
  return checksForRow(checks, row).map((entry) => ({ ...entry, key: verdictKey(entry.check, judge) }));
}

/** Judge calls one check makes on an answer with `citations` citations: citation support judges each (the first 50). */
function judgeCallsOf(check: CheckSpec, citations: number): number {
  if (!usesJudge(check)) return 0;
  return check.kind === "citation-support" ? Math.min(citations, SUPPORT_CITATIONS_MAX) : 1;
}

/** What one answer's scoring needs: the checks not cached, and the judge calls they make. */
export interface ItemNeed {
  missing: KeyedCheck[];
  judgeCalls: number;
  /** The checks taken from the cache. */
  reused: number;
}

/**
 * What an answer needs under `checks`, given the keys cached for it. A failed item (no answer) needs nothing:
 * its checks say "not evaluated" and make no call.
 */
export function itemNeed(checks: readonly KeyedCheck[], cached: ReadonlySet<string>, answer: { citations: number } | null): ItemNeed {
  if (answer === null) return { missing: [], judgeCalls: 0, reused: 0 };
  const missing = checks.filter((entry) => !cached.has(entry.key));
  return { missing, judgeCalls: missing.reduce((sum, entry) => sum + judgeCallsOf(entry.check, answer.citations), 0), reused: checks.length - missing.length };
}

/** A verdict as the cache keeps it: without where its check came from (the run's list or the row's), which differs per scoring. */
export function cachedForm(result: CheckResult): Omit<CheckResult, "origin"> {
  const { origin: _origin, ...rest } = result;
  return rest;
}

/**
 * The verdicts of a scoring already stored with an answer (the run's own, scoring 1) as cache entries: each result is
 * matched to its check by spelling (kind and argument, as formatCheck writes them), in the order checksForRow gave.
 * Judge verdicts count under the judge model they name (the one that graded them), else not at all.
 */
export function storedVerdicts(checks: readonly CheckSpec[], row: CheckedRow, judge: JudgeSetting, stored: readonly CheckResult[] | null): { key: string; verdict: Omit<CheckResult, "origin"> }[] {
  if (!stored) return [];
  const bySpelling = new Map(stored.map((result) => [result.arg === "" ? result.kind : `${result.kind}:${result.arg}`, result]));
  const out: { key: string; verdict: Omit<CheckResult, "origin"> }[] = [];
  for (const entry of checksForRow(checks, row)) {
    const result = bySpelling.get(formatCheck(entry.check));
    if (!result) continue;
    // A judge verdict without a score failed for want of a judge or of a call that answered: not one to keep.
    if (usesJudge(entry.check) && (result.judge_model === undefined || result.score === undefined)) continue;
    const model = usesJudge(entry.check) ? result.judge_model : judge.model;
    out.push({ key: verdictKey(entry.check, { model, threshold: judge.threshold }), verdict: cachedForm(result) });
  }
  return out;
}

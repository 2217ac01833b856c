import type { EvaluationQuestionRow, EvaluationRowVersion, EvaluationVerdict } from "@/lib/contract/bff/evaluation-results";
import { citedUrlSet, tokensOf } from "./answer-sets";
import { SAME_ANSWER_SIMILARITY, tokenSetJaccard } from "./similarity";
import { finish, mapInSteps, type Steps } from "./steps";
import { isAnswered, type ItemGrid, type ResultQuestion, type StoredItem } from "./stored-item";

/**
 * The results table: one row per question, one cell per version, with the flags the filters read. Computed from
 * the stored items in one pass (O(items)); the server caches the rows per run revision.
 */

type Outcome = "pass" | "fail" | "error";

function outcomeOf(item: StoredItem): Outcome {
  if (!isAnswered(item)) return "error";
  return (item.checks ?? []).every((check) => check.passed) ? "pass" : "fail";
}

/** One verdict over repeats: all the same outcome, or "mixed" when an answer passed and another did not. */
export function verdictOf(outcomes: readonly Outcome[]): EvaluationVerdict {
  if (outcomes.length === 0) return "pending";
  if (outcomes.every((o) => o === "error")) return "error";
  if (outcomes.every((o) => o === "pass")) return "passed";
  if (!outcomes.includes("pass")) return "failed";
  return "mixed";
}

/** The verdict of one version on one question over its ended repeats. */
export function cellVerdict(grid: ItemGrid, version: number, question: number): EvaluationVerdict {
  return verdictOf(grid.at(version, question).map(outcomeOf));
}

/** One item's outcome as the export names it. */
export function itemVerdict(item: StoredItem): EvaluationVerdict {
  if (item.status !== "done" && item.status !== "failed") return "pending";
  return ({ pass: "passed", fail: "failed", error: "error" } as const)[outcomeOf(item)];
}

function meanOf(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const value of a) if (!b.has(value)) return false;
  return true;
}

function versionCell(grid: ItemGrid, version: number, question: number, baseline: StoredItem | undefined): EvaluationRowVersion {
  const ended = grid.at(version, question);
  const answered = ended.filter(isAnswered);
  const checks = new Map<string, { kind: string; arg: string; evaluated: number; passed: number }>();
  for (const item of answered) {
    for (const check of item.checks ?? []) {
      const key = `${check.kind}\u0000${check.arg}`;
      const entry = checks.get(key) ?? { kind: check.kind, arg: check.arg, evaluated: 0, passed: 0 };
      entry.evaluated += 1;
      if (check.passed) entry.passed += 1;
      checks.set(key, entry);
    }
  }
  const rowChecks = [...checks.values()].map((check) => ({
    ...check,
    verdict: verdictOf([...Array<Outcome>(check.passed).fill("pass"), ...Array<Outcome>(check.evaluated - check.passed).fill("fail")]),
  }));
  const failedChecks = rowChecks.filter((check) => check.passed < check.evaluated).length;
  const first = answered[0];
  let sourcesChanged: boolean | null = null;
  if (version > 0 && first && baseline && isAnswered(baseline)) sourcesChanged = !sameSet(citedUrlSet(first.result), citedUrlSet(baseline.result));
  return {
    version_index: version,
    verdict: verdictOf(ended.map(outcomeOf)),
    checks: rowChecks,
    failed_any: failedChecks > 0,
    failed_checks: failedChecks,
    cost_usd: meanOf(ended.map((item) => item.cost_usd).filter((v): v is number => v !== null)),
    latency_ms: meanOf(answered.map((item) => item.result.latency_ms).filter((v): v is number => v !== null)),
    citation_count: meanOf(answered.map((item) => item.result.citations.length)),
    sources_changed: sourcesChanged,
    errors: ended.length - answered.length,
    repeats: ended.length,
  };
}

/** One question's row. */
function questionRow(grid: ItemGrid, questions: readonly ResultQuestion[], index: number): EvaluationQuestionRow {
  const baseline = grid.at(0, index).find(isAnswered);
  const versions = Array.from({ length: grid.versions }, (_, version) => versionCell(grid, version, index, baseline));
  const decided = versions.map((cell) => cell.verdict).filter((verdict) => verdict !== "pending");
  let sameAnswerDifferentSources = false;
  if (baseline && isAnswered(baseline)) {
    for (let version = 1; version < grid.versions && !sameAnswerDifferentSources; version++) {
      const other = grid.at(version, index).find(isAnswered);
      if (other && versions[version].sources_changed && tokenSetJaccard(tokensOf(baseline), tokensOf(other)) >= SAME_ANSWER_SIMILARITY) sameAnswerDifferentSources = true;
    }
  }
  const question = questions[index];
  return {
    question_index: index,
    question: question.question,
    tags: [...question.tags],
    time_sensitive: question.time_sensitive,
    versions,
    flags: {
      failed_any: versions.some((cell) => cell.failed_any),
      verdicts_differ: new Set(decided).size > 1,
      citations_changed: versions.some((cell) => cell.sources_changed === true),
      same_answer_different_sources: sameAnswerDifferentSources,
      error: versions.some((cell) => cell.errors > 0),
    },
  };
}

/** Every question's row, question order, in steps (steps.ts): the server gives other requests a turn between them. */
export function questionRowSteps(grid: ItemGrid, questions: readonly ResultQuestion[]): Steps<EvaluationQuestionRow[]> {
  return mapInSteps(questions, (_, index) => questionRow(grid, questions, index), 100);
}

/** Every question's row, question order. */
export function questionRows(grid: ItemGrid, questions: readonly ResultQuestion[]): EvaluationQuestionRow[] {
  return finish(questionRowSteps(grid, questions));
}

/*
 * The CLI's gate against a baseline (`npm run eval -- --baseline designated --regressions k/n`): a question
 * regresses when, in at least k of its n repeats, the baseline passed it and the candidate did not. Repeat r of
 * the baseline is paired with repeat r of the candidate (the same pairing as the noise floor's "between").
 * Pure: the CLI feeds it every item's outcome.
 */

/** At least `k` of the `n` repeats must go from pass to fail for a question to count as a regression. */
export interface RegressionRule {
  k: number;
  n: number;
}

/** One answer's outcome: `error` when it has no answer (the call failed), which decides nothing. */
export type ItemVerdict = "passed" | "failed" | "error";

export interface VerdictItem {
  version: string;
  question_index: number;
  /** 0-based. */
  repeat_index: number;
  verdict: ItemVerdict;
}

interface Regression {
  question_index: number;
  candidate: string;
  /** Per repeat, in order: missing repeats are `null`. */
  baseline_verdicts: Array<ItemVerdict | null>;
  candidate_verdicts: Array<ItemVerdict | null>;
  /** Repeats that went from passed to failed. */
  regressed_repeats: number;
}

export interface BaselineGate {
  baseline: string;
  rule: RegressionRule;
  regressions: Regression[];
  /**
   * Questions that are not regressions yet but could be, had the repeats that ended in an error (either side)
   * answered: the gate cannot say these passed. Counted per candidate and question.
   */
  undecided: Array<{ question_index: number; candidate: string }>;
  /** Questions that went from failed to passed in at least k repeats, the other way. */
  improvements: number;
  /** Pairs of (candidate, question) compared. */
  compared: number;
}

/**
 * The default rule for `repeats` repeats: a majority of them (1/1, 2/2, 2/3). One regressed repeat of three is
 * within what a model's own noise does; a majority is not.
 */
export function defaultRegressionRule(repeats: number): RegressionRule {
  return { k: Math.floor(repeats / 2) + 1, n: repeats };
}

/** `k/n` as the flag spells it; a message naming the flag when it is not one `repeats` allows. */
export function parseRegressionRule(raw: string, repeats: number): RegressionRule | string {
  const match = /^(\d{1,2})\/(\d{1,2})$/.exec(raw.trim());
  if (!match) return `--regressions must read k/n (e.g. 2/3), not ${JSON.stringify(raw.slice(0, 40))}`;
  const k = Number(match[1]);
  const n = Number(match[2]);
  if (n !== repeats) return `--regressions: n must be the number of repeats (--repeats ${repeats}), not ${n}`;
  if (k < 1 || k > n) return `--regressions: k must be from 1 to n (${n}), not ${k}`;
  return { k, n };
}

/** The gate over every item: each candidate version's questions paired repeat by repeat with the baseline's. */
export function evaluateBaselineGate(items: readonly VerdictItem[], baseline: string, candidates: readonly string[], rule: RegressionRule): BaselineGate {
  const grid = new Map<string, Map<number, Array<ItemVerdict | null>>>();
  for (const item of items) {
    if (item.repeat_index < 0 || item.repeat_index >= rule.n) continue;
    let questions = grid.get(item.version);
    if (!questions) grid.set(item.version, (questions = new Map()));
    let repeats = questions.get(item.question_index);
    if (!repeats) questions.set(item.question_index, (repeats = Array.from({ length: rule.n }, () => null)));
    repeats[item.repeat_index] = item.verdict;
  }
  const base = grid.get(baseline) ?? new Map<number, Array<ItemVerdict | null>>();
  const empty = Array.from({ length: rule.n }, (): ItemVerdict | null => null);
  const gate: BaselineGate = { baseline, rule, regressions: [], undecided: [], improvements: 0, compared: 0 };
  const questionIndexes = [...new Set(items.map((item) => item.question_index))].sort((a, b) => a - b);
  for (const candidate of candidates) {
    if (candidate === baseline) continue;
    const mine = grid.get(candidate) ?? new Map<number, Array<ItemVerdict | null>>();
    for (const question of questionIndexes) {
      const before = base.get(question) ?? empty;
      const after = mine.get(question) ?? empty;
      gate.compared += 1;
      let regressed = 0;
      let improved = 0;
      let unknown = 0;
      for (let r = 0; r < rule.n; r += 1) {
        const b = before[r];
        const a = after[r];
        if (b === "passed" && a === "failed") regressed += 1;
        else if (b === "failed" && a === "passed") improved += 1;
        // A repeat without both answers could have been a regression: the baseline may have passed, the candidate failed.
        else if (b !== "failed" && a !== "passed") unknown += 1;
      }
      if (regressed >= rule.k) {
        gate.regressions.push({ question_index: question, candidate, baseline_verdicts: [...before], candidate_verdicts: [...after], regressed_repeats: regressed });
      } else if (regressed + unknown >= rule.k) gate.undecided.push({ question_index: question, candidate });
      if (improved >= rule.k) gate.improvements += 1;
    }
  }
  return gate;
}

/** "passed 2/3" for a question's verdicts over its repeats; errors and missing answers named. */
export function verdictsText(verdicts: ReadonlyArray<ItemVerdict | null>): string {
  const passed = verdicts.filter((v) => v === "passed").length;
  const errors = verdicts.filter((v) => v === "error").length;
  const missing = verdicts.filter((v) => v === null).length;
  const parts = [verdicts.length === 1 ? (verdicts[0] ?? "not run") : `passed ${passed}/${verdicts.length}`];
  if (verdicts.length > 1 && errors > 0) parts.push(`${errors} error${errors === 1 ? "" : "s"}`);
  if (verdicts.length > 1 && missing > 0) parts.push(`${missing} not run`);
  return parts.join(", ");
}

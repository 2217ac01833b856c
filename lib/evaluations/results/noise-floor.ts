import type { Agreement, NoiseFloor, VersionPairTest } from "@/lib/contract/bff/evaluation-results";
import type { CheckResult } from "../evaluate";
import { mcnemarExactP, pairedDifferenceInterval } from "./paired-test";
import { cellVerdict } from "./question-rows";
import { citedUrlSet, tokensOf, type Answered } from "./answer-sets";
import { tokenSetJaccard } from "./similarity";
import { finish, type Steps } from "./steps";
import { isAnswered, type ItemGrid, type StoredItem } from "./stored-item";

/**
 * The noise floor of a run: how much a version disagrees with itself across repeats, next to how much two versions
 * disagree on the same questions. A difference between versions that is no bigger than a version's difference with
 * itself is noise, not a finding.
 */

const checkKey = (check: Pick<CheckResult, "kind" | "arg">) => `${check.kind}\u0000${check.arg}`;

/** Share of the checks both items ran that got the same verdict; null when they share none. */
export function checkAgreement(a: readonly CheckResult[] | null, b: readonly CheckResult[] | null): number | null {
  if (!a || !b) return null;
  const other = new Map(b.map((check) => [checkKey(check), check.passed]));
  let shared = 0;
  let same = 0;
  for (const check of a) {
    const verdict = other.get(checkKey(check));
    if (verdict === undefined) continue;
    shared += 1;
    if (verdict === check.passed) same += 1;
  }
  return shared === 0 ? null : same / shared;
}

/** Sums of one comparison set, turned into means at the end. */
class AgreementSum {
  pairs = 0;
  private similarity = 0;
  private overlap = 0;
  private agreement = 0;
  private agreementPairs = 0;

  add(a: Answered, b: Answered): void {
    this.pairs += 1;
    this.similarity += tokenSetJaccard(tokensOf(a), tokensOf(b));
    // Same definition as lib/evaluations' jaccard (normalised URLs, two empty lists are identical), over cached sets.
    this.overlap += tokenSetJaccard(citedUrlSet(a.result), citedUrlSet(b.result));
    const agreement = checkAgreement(a.checks, b.checks);
    if (agreement !== null) {
      this.agreement += agreement;
      this.agreementPairs += 1;
    }
  }

  result(): Agreement {
    const mean = (sum: number, n: number) => (n === 0 ? null : sum / n);
    return {
      pairs: this.pairs,
      answer_similarity: mean(this.similarity, this.pairs),
      citation_overlap: mean(this.overlap, this.pairs),
      check_agreement: mean(this.agreement, this.agreementPairs),
    };
  }
}

function answeredOf(items: readonly StoredItem[]): Answered[] {
  return items.filter(isAnswered);
}

/** Questions between two pauses of the noise floor's steps (steps.ts). */
const QUESTIONS_PER_STEP = 200;
const pauseAfter = (question: number) => question % QUESTIONS_PER_STEP === QUESTIONS_PER_STEP - 1;

/** Every pair of answered repeats of each version on each question. Null per version when the run has one repeat. */
function* withinVersion(grid: ItemGrid, version: number, repeats: number): Steps<Agreement | null> {
  if (repeats < 2) return null;
  const sum = new AgreementSum();
  for (let q = 0; q < grid.questions; q++) {
    const answered = answeredOf(grid.at(version, q));
    for (let i = 0; i < answered.length; i++) for (let j = i + 1; j < answered.length; j++) sum.add(answered[i], answered[j]);
    if (pauseAfter(q)) yield;
  }
  return sum.result();
}

/** Repeat r of version a against repeat r of version b, on every question both answered. */
function* betweenVersions(grid: ItemGrid, a: number, b: number): Steps<Agreement> {
  const sum = new AgreementSum();
  for (let q = 0; q < grid.questions; q++) {
    const left = answeredOf(grid.at(a, q));
    const right = new Map(answeredOf(grid.at(b, q)).map((item) => [item.repeat_index, item]));
    for (const item of left) {
      const partner = right.get(item.repeat_index);
      if (partner) sum.add(item, partner);
    }
    if (pauseAfter(q)) yield;
  }
  return sum.result();
}

/** Below this McNemar p-value a difference in pass rate is called a finding. */
const NOISE_SIGNIFICANCE = 0.05;

/**
 * Versions a and b on every question both decided: a question passes for a version when its verdict over the
 * repeats is "passed" (mixed, failed and error do not pass; pending questions are left out).
 */
function* pairTest(grid: ItemGrid, a: number, b: number): Steps<VersionPairTest> {
  const counts = { both: 0, onlyA: 0, onlyB: 0, neither: 0 };
  for (let q = 0; q < grid.questions; q++) {
    if (pauseAfter(q)) yield;
    const left = cellVerdict(grid, a, q);
    const right = cellVerdict(grid, b, q);
    if (left === "pending" || right === "pending") continue;
    const passA = left === "passed";
    const passB = right === "passed";
    if (passA && passB) counts.both += 1;
    else if (passA) counts.onlyA += 1;
    else if (passB) counts.onlyB += 1;
    else counts.neither += 1;
  }
  const questions = counts.both + counts.onlyA + counts.onlyB + counts.neither;
  const interval = pairedDifferenceInterval(counts);
  const p = mcnemarExactP(counts.onlyA, counts.onlyB);
  const finding = questions === 0 ? "no_questions" : p >= NOISE_SIGNIFICANCE ? "no_difference" : counts.onlyB > counts.onlyA ? "b_better" : "a_better";
  return {
    a,
    b,
    questions,
    a_passed: counts.both + counts.onlyA,
    b_passed: counts.both + counts.onlyB,
    a_only: counts.onlyA,
    b_only: counts.onlyB,
    difference: interval.difference,
    ci_low: interval.low,
    ci_high: interval.high,
    p_value: p,
    finding,
  };
}

/**
 * True when every question answered more than once got the same answer text on every repeat (a deterministic
 * gateway, as the demo's): then repeats say nothing about chance. Null when no cell has two answers to compare.
 */
function* repeatsIdentical(grid: ItemGrid): Steps<boolean | null> {
  let compared = false;
  for (let v = 0; v < grid.versions; v++) {
    for (let q = 0; q < grid.questions; q++) {
      if (pauseAfter(q)) yield;
      const answers = answeredOf(grid.at(v, q)).map((item) => item.result.answer);
      if (answers.length < 2) continue;
      compared = true;
      if (answers.some((answer) => answer !== answers[0])) return false;
    }
  }
  return compared ? true : null;
}

/** The noise floor in steps (steps.ts): the server gives other requests a turn between them. */
export function* noiseFloorSteps(grid: ItemGrid, repeats: number): Steps<NoiseFloor> {
  const within: NoiseFloor["within"] = [];
  for (let version = 0; version < grid.versions; version++) within.push({ version_index: version, agreement: yield* withinVersion(grid, version, repeats) });
  const between: NoiseFloor["between"] = [];
  const pairs: VersionPairTest[] = [];
  for (let a = 0; a < grid.versions; a++) {
    for (let b = a + 1; b < grid.versions; b++) {
      between.push({ a, b, agreement: yield* betweenVersions(grid, a, b) });
      pairs.push(yield* pairTest(grid, a, b));
    }
  }
  const deterministic = repeats < 2 ? null : yield* repeatsIdentical(grid);
  return { repeats, deterministic, pairs, within, between };
}

export function noiseFloor(grid: ItemGrid, repeats: number): NoiseFloor {
  return finish(noiseFloorSteps(grid, repeats));
}

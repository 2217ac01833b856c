import { describe, expect, it } from "vitest";
import { defaultRegressionRule, evaluateBaselineGate, parseRegressionRule, verdictsText, type ItemVerdict, type VerdictItem } from "./cli-regressions";

/** Items for one question: each version's verdicts by repeat. */
function question(index: number, byVersion: Record<string, ItemVerdict[]>): VerdictItem[] {
  return Object.entries(byVersion).flatMap(([version, verdicts]) => verdicts.map((verdict, repeat) => ({ version, question_index: index, repeat_index: repeat, verdict })));
}

describe("the regression rule (k of n repeats)", () => {
  it("defaults to a majority of the repeats", () => {
    expect([1, 2, 3].map(defaultRegressionRule)).toEqual([{ k: 1, n: 1 }, { k: 2, n: 2 }, { k: 2, n: 3 }]);
  });

  it("reads k/n and refuses what the repeats do not allow, naming the flag", () => {
    expect(parseRegressionRule("1/3", 3)).toEqual({ k: 1, n: 3 });
    expect(parseRegressionRule("3/3", 3)).toEqual({ k: 3, n: 3 });
    expect(parseRegressionRule("4/3", 3)).toMatch(/^--regressions: k must be from 1 to n \(3\), not 4/);
    expect(parseRegressionRule("0/3", 3)).toMatch(/^--regressions: k must be from 1/);
    expect(parseRegressionRule("1/2", 3)).toMatch(/^--regressions: n must be the number of repeats \(--repeats 3\), not 2/);
    expect(parseRegressionRule("half", 1)).toMatch(/^--regressions must read k\/n/);
  });

  it("counts a question when it goes from pass to fail in at least k of n paired repeats", () => {
    const items = [
      ...question(0, { base: ["passed", "passed", "passed"], cand: ["failed", "failed", "passed"] }), // 2 of 3
      ...question(1, { base: ["passed", "passed", "passed"], cand: ["failed", "passed", "passed"] }), // 1 of 3
      ...question(2, { base: ["failed", "failed", "failed"], cand: ["failed", "failed", "failed"] }), // never passed
      ...question(3, { base: ["failed", "failed", "passed"], cand: ["passed", "passed", "passed"] }), // improved
    ];
    const two = evaluateBaselineGate(items, "base", ["cand"], { k: 2, n: 3 });
    expect(two.regressions.map((r) => [r.question_index, r.regressed_repeats])).toEqual([[0, 2]]);
    expect(two.regressions[0]).toMatchObject({ baseline_verdicts: ["passed", "passed", "passed"], candidate_verdicts: ["failed", "failed", "passed"] });
    expect(two.improvements).toBe(1);
    expect(two.compared).toBe(4);
    const one = evaluateBaselineGate(items, "base", ["cand"], { k: 1, n: 3 });
    expect(one.regressions.map((r) => r.question_index)).toEqual([0, 1]);
    const three = evaluateBaselineGate(items, "base", ["cand"], { k: 3, n: 3 });
    expect(three.regressions).toEqual([]);
  });

  it("pairs repeat r with repeat r: a pass and a fail in other repeats is no regression", () => {
    const items = question(0, { base: ["passed", "failed"], cand: ["passed", "failed"] });
    expect(evaluateBaselineGate(items, "base", ["cand"], { k: 1, n: 2 }).regressions).toEqual([]);
  });

  it("calls a question undecided, not passed nor regressed, when errors could hide a regression", () => {
    const items = [
      ...question(0, { base: ["passed"], cand: ["error"] }),
      ...question(1, { base: ["error"], cand: ["failed"] }),
      ...question(2, { base: ["error"], cand: ["passed"] }), // a pass cannot be a regression
      ...question(3, { base: ["failed"], cand: ["error"] }), // nor a question the baseline failed
    ];
    const gate = evaluateBaselineGate(items, "base", ["cand"], { k: 1, n: 1 });
    expect(gate.regressions).toEqual([]);
    expect(gate.undecided.map((u) => u.question_index)).toEqual([0, 1]);
  });

  it("compares every candidate with the baseline, never the baseline with itself", () => {
    const items = question(0, { base: ["passed"], a: ["failed"], b: ["passed"] });
    const gate = evaluateBaselineGate(items, "base", ["base", "a", "b"], { k: 1, n: 1 });
    expect(gate.regressions.map((r) => r.candidate)).toEqual(["a"]);
    expect(gate.compared).toBe(2);
  });

  it("says a question's verdicts in words", () => {
    expect(verdictsText(["passed"])).toBe("passed");
    expect(verdictsText(["passed", "failed", "error"])).toBe("passed 1/3, 1 error");
    expect(verdictsText([null])).toBe("not run");
  });
});

import { describe, expect, it } from "vitest";
import { parseCheck } from "@/lib/evaluations/check-spelling";
import type { CheckSpec } from "@/lib/evaluations/checks";
import { itemNeed, keyedChecks, storedVerdicts, verdictKey } from "./scoring-plan";

function check(spelling: string): CheckSpec {
  const parsed = parseCheck(spelling);
  if (!parsed.ok) throw new Error(spelling);
  return parsed.check;
}

const JUDGE = { model: "gatehouse/judge", threshold: undefined };
const ROW = { question: "Why?" };

describe("the verdict cache's keys and what a scoring computes", () => {
  it("keys a text check by its spelling alone, a judge check by its judge model and a graded one by its threshold too", () => {
    expect(verdictKey(check("contains-i:cache"), JUDGE)).toBe(verdictKey(check("contains-i:cache"), { model: "other/judge", threshold: 0.9 }));
    expect(verdictKey(check("contains-i:cache"), JUDGE)).not.toBe(verdictKey(check("contains-i:Cache"), JUDGE));
    expect(verdictKey(check("judge:ok?"), JUDGE)).not.toBe(verdictKey(check("judge:ok?"), { ...JUDGE, model: "other/judge" }));
    expect(verdictKey(check("judge:ok?"), JUDGE)).not.toBe(verdictKey(check("judge:ok?"), { ...JUDGE, threshold: 0.9 }));
    expect(verdictKey(check("citation-support"), JUDGE)).toBe(verdictKey(check("citation-support"), { ...JUDGE, threshold: 0.9 }));
    expect(verdictKey(check("citation-support"), JUDGE)).not.toBe(verdictKey(check("citation-support"), { ...JUDGE, model: "other/judge" }));
  });

  it("runs nothing for the same checks, only the added text check (no judge call), and the judge checks again for another judge", () => {
    const before = keyedChecks([check("judge:ok?"), check("min-length:5"), check("citation-support")], ROW, JUDGE);
    const cached = new Set(before.map((entry) => entry.key));
    const answer = { citations: 3 };
    expect(itemNeed(before, cached, answer)).toMatchObject({ missing: [], judgeCalls: 0, reused: 3 });

    const plusText = keyedChecks([check("judge:ok?"), check("min-length:5"), check("citation-support"), check("contains-i:cache")], ROW, JUDGE);
    const added = itemNeed(plusText, cached, answer);
    expect(added.missing.map((entry) => entry.check.kind)).toEqual(["contains-i"]);
    expect(added).toMatchObject({ judgeCalls: 0, reused: 3 });

    const otherJudge = keyedChecks([check("judge:ok?"), check("min-length:5"), check("citation-support")], ROW, { ...JUDGE, model: "other/judge" });
    const rejudged = itemNeed(otherJudge, cached, answer);
    expect(rejudged.missing.map((entry) => entry.check.kind)).toEqual(["judge", "citation-support"]);
    // Citation support judges each citation: 1 + 3 calls.
    expect(rejudged).toMatchObject({ judgeCalls: 4, reused: 1 });
    // A failed item (no answer) needs nothing: its checks say "not evaluated" without a call.
    expect(itemNeed(otherJudge, new Set(), null)).toMatchObject({ missing: [], judgeCalls: 0 });
  });

  it("takes a run's own verdicts into the cache under the judge that graded them, leaving out judge verdicts without a score", () => {
    const list = [check("judge:ok?"), check("min-length:5")];
    const stored = [
      { kind: "judge" as const, arg: "ok?", passed: true, score: 0.8, judge_model: "gatehouse/judge", origin: "run" as const },
      { kind: "min-length" as const, arg: "5", passed: true, origin: "run" as const },
    ];
    const entries = storedVerdicts(list, ROW, JUDGE, stored);
    expect(entries.map((entry) => entry.key)).toEqual(keyedChecks(list, ROW, JUDGE).map((entry) => entry.key));
    expect(entries[0].verdict).not.toHaveProperty("origin");
    const failedCall = [{ ...stored[0], score: undefined, reasoning: "The judge call failed: 502" }, stored[1]];
    expect(storedVerdicts(list, ROW, JUDGE, failedCall).map((entry) => entry.verdict.kind)).toEqual(["min-length"]);
  });
});

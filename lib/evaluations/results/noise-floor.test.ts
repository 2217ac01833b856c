import { describe, expect, it } from "vitest";
import { noiseFloor } from "./noise-floor";
import { pairVerdict, repeatsText } from "./noise-verdict";
import { ItemGrid, type StoredItem } from "./stored-item";
import { answered, failed } from "./test-items";

/** `questions` questions, 2 versions, `repeats` repeats; pass(v, q, r) decides each item's one check. */
function run(questions: number, repeats: number, pass: (v: number, q: number, r: number) => boolean, answer = (v: number, q: number, _r: number) => `answer ${v} ${q}`): ItemGrid {
  const items: StoredItem[] = [];
  for (let v = 0; v < 2; v++) for (let q = 0; q < questions; q++) for (let r = 0; r < repeats; r++) items.push(answered({ v, q, r }, answer(v, q, r), { checks: [["contains:x", pass(v, q, r)]] }));
  return new ItemGrid(2, questions, items);
}

describe("paired test between versions", () => {
  it("both at 0 %: nothing flipped, p = 1, no difference — never 'a real change'", () => {
    const floor = noiseFloor(run(30, 2, () => false), 2);
    const [pair] = floor.pairs;
    expect(pair).toMatchObject({ a: 0, b: 1, questions: 30, a_passed: 0, b_passed: 0, a_only: 0, b_only: 0, difference: 0, p_value: 1, finding: "no_difference" });
    expect(pair.ci_low).toBeCloseTo(-0.1135, 4);
    expect(pair.ci_high).toBeCloseTo(0.1135, 4);
    // The demo gateway answers the same on every repeat: the noise floor is unknown, and the page says so.
    expect(floor.deterministic).toBe(true);
    expect(repeatsText(floor)).toMatch(/noise floor is unknown/);
    expect(pairVerdict(pair, "web-research v2", "web-research v3")).toBe("web-research v2 vs web-research v3: no difference this run can show (p = 1.00)");
  });

  it("12 of 30 questions gained and none lost: a finding with McNemar p = 2 · 0.5^12", () => {
    const floor = noiseFloor(
      run(30, 1, (v, q) => (v === 0 ? q < 10 : q < 22)),
      1,
    );
    const [pair] = floor.pairs;
    expect(pair).toMatchObject({ a_passed: 10, b_passed: 22, a_only: 0, b_only: 12, finding: "b_better" });
    expect(pair.p_value).toBeCloseTo(2 / 4096, 12);
    expect(pair.difference).toBeCloseTo(12 / 30, 12);
    expect(pair.ci_low).toBeGreaterThan(0);
    expect(pairVerdict(pair, "web-research v2", "web-research v3")).toBe("web-research v3 passes 12 more questions of 30 than web-research v2, p < 0.001");
    // One repeat: nothing to measure the noise floor with.
    expect(floor.deterministic).toBeNull();
    expect(repeatsText(floor)).toMatch(/One answer per question/);
  });

  it("flips both ways that cancel out show no difference; a loss is named the other way round", () => {
    // 3 questions only A passes, 7 only B passes: p = 352/1024.
    const mixed = noiseFloor(run(20, 1, (v, q) => (v === 0 ? q < 3 : q >= 3 && q < 10)), 1).pairs[0];
    expect(mixed).toMatchObject({ a_only: 3, b_only: 7, finding: "no_difference" });
    expect(mixed.p_value).toBeCloseTo(352 / 1024, 12);
    const loss = noiseFloor(run(20, 1, (v) => v === 0), 1).pairs[0];
    expect(loss).toMatchObject({ a_only: 20, b_only: 0, finding: "a_better" });
    expect(pairVerdict(loss, "v1", "v2")).toBe("v1 passes 20 more questions of 20 than v2, p < 0.001");
  });

  it("a question passes only when every repeat passed; pending questions are left out; repeats that differ are not deterministic", () => {
    const items = [
      // q0: A passes both repeats, B passes one of two (mixed → not a pass).
      answered({ v: 0, q: 0, r: 0 }, "x", { checks: [["contains:x", true]] }),
      answered({ v: 0, q: 0, r: 1 }, "x again", { checks: [["contains:x", true]] }),
      answered({ v: 1, q: 0, r: 0 }, "x", { checks: [["contains:x", true]] }),
      answered({ v: 1, q: 0, r: 1 }, "y", { checks: [["contains:x", false]] }),
      // q1: B errored on every repeat (error → not a pass); A failed.
      answered({ v: 0, q: 1, r: 0 }, "y", { checks: [["contains:x", false]] }),
      failed({ v: 1, q: 1, r: 0 }),
      // q2: only A has an answer (B pending) → left out.
      answered({ v: 0, q: 2, r: 0 }, "x", { checks: [["contains:x", true]] }),
    ];
    const floor = noiseFloor(new ItemGrid(2, 3, items), 2);
    expect(floor.pairs[0]).toMatchObject({ questions: 2, a_passed: 1, b_passed: 0, a_only: 1, b_only: 0, p_value: 1 });
    expect(floor.deterministic).toBe(false);
  });

  it("no question decided by both: says so", () => {
    const floor = noiseFloor(new ItemGrid(2, 1, [answered({ v: 0, q: 0 }, "x")]), 1);
    expect(floor.pairs[0].finding).toBe("no_questions");
    expect(pairVerdict(floor.pairs[0], "a", "b")).toMatch(/no question has a verdict from both/);
  });
});

import { afterAll, describe, expect, it } from "vitest";
import { parseCheck } from "@/lib/evaluations/check-spelling";
import type { CheckSpec } from "@/lib/evaluations/checks";
import { evaluateChecks } from "@/lib/evaluations/evaluate";
import type { ItemResult } from "@/lib/evaluations/item-result";
import { CheckPool } from "./check-pool";

function checks(...spellings: string[]): CheckSpec[] {
  return spellings.map((spelling) => {
    const parsed = parseCheck(spelling);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.check;
  });
}

const item = (answer: string): ItemResult => ({ answer, citations: [{ url: "https://a.com/x", start_index: 0, end_index: 1 }], sources: [], cost_usd: 0.001, latency_ms: 100, ttft_ms: 10 });

/** A pattern under the size limit (454 instructions) that still takes seconds over a long answer of a and b. */
const SLOW = "pattern:a[ab]{450}\\d";

function aAndB(length: number): string {
  let text = "";
  let seed = 7;
  for (let i = 0; i < length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    text += (seed >> 16) & 1 ? "a" : "b";
  }
  return text;
}

const pool = new CheckPool({ size: 1, checkTimeoutMs: 300, answerBudgetMs: 2_000 });
afterAll(() => pool.close());

describe("the check pool", () => {
  it("scores in a worker exactly as in this thread", async () => {
    const list = checks("contains:Paris", "pattern:(?i)^the", "min-length:3", "cites-domain:a.com", "max-cost:0.01", "not-contains-i:LYON");
    const answer = item("The capital is Paris.");
    expect(await evaluateChecks(answer, list, { local: pool.run })).toEqual(await evaluateChecks(answer, list));
  });

  it("stops a check that runs out of time with a verdict naming it, replaces its worker and goes on with the others", async () => {
    const long = item(aAndB(200_000));
    const results = await evaluateChecks(long, checks("min-length:5", SLOW, "contains:a"), { local: pool.run });
    expect(results.map((result) => result.passed)).toEqual([true, false, true]);
    expect(results[1]).toMatchObject({ kind: "pattern", details: { error: "check_timeout" } });
    expect(results[1].reasoning).toContain("pattern:a[ab]{450}\\d ran out of time");
    // The replacement worker answers the next job.
    expect((await evaluateChecks(item("ok"), checks("contains:ok"), { local: pool.run }))[0].passed).toBe(true);
  });

  it("bounds one answer's checks together: what is left once the budget is spent is not evaluated", async () => {
    const tight = new CheckPool({ size: 1, checkTimeoutMs: 300, answerBudgetMs: 500 });
    try {
      const results = await evaluateChecks(item(aAndB(200_000)), checks(SLOW, `${SLOW}|c`, `${SLOW}|d`, "contains:a"), { local: tight.run });
      expect(results.map((result) => result.details?.error ?? null)).toEqual(["check_timeout", "check_timeout", "check_timeout", "check_timeout"]);
      expect(results[3].reasoning).toMatch(/Not evaluated: this answer's checks used their 500 ms/);
    } finally {
      await tight.close();
    }
  });
});

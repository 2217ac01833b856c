import { describe, expect, it } from "vitest";
import { parseCheck } from "./check-spelling";
import type { CheckSpec } from "./checks";
import { estimatePlan, judgeCallsPerItem, readPricing, type Plan, type Pricing } from "./estimate";

const check = (s: string): CheckSpec => {
  const r = parseCheck(s);
  if (!r.ok) throw new Error(r.message);
  return r.check;
};

const gpt: Pricing = { promptUsdPerToken: 0.000002, completionUsdPerToken: 0.00001, requestUsd: 0, webSearchUsd: 0.004 };
const cheapJudge: Pricing = { promptUsdPerToken: 0.0000001, completionUsdPerToken: 0.0000004, requestUsd: 0, webSearchUsd: 0 };

function plan(overrides: Partial<Plan> = {}): Plan {
  return {
    targets: [
      { id: "web-research@1", pricing: gpt, webSearchesPerRequest: 1 },
      { id: "web-research@2", pricing: gpt, webSearchesPerRequest: 2, outputTokens: 1000 },
    ],
    questions: 30,
    repeats: 2,
    checks: [check("contains:x"), check("judge:be right"), check("citation-support")],
    inputTokens: 1500,
    outputTokens: 500,
    judge: { pricing: cheapJudge, inputTokensPerCall: 1000, outputTokensPerCall: 100 },
    citationsPerAnswer: 3,
    ...overrides,
  };
}

describe("readPricing", () => {
  it("reads the catalog's decimal strings and refuses variable or broken prices", () => {
    expect(readPricing({ prompt: "0.000002", completion: "0.00001", request: "0", web_search: "0.004", image: "0" })).toEqual(gpt);
    expect(readPricing({ prompt: "0", completion: "0" })).toEqual({ promptUsdPerToken: 0, completionUsdPerToken: 0, requestUsd: 0, webSearchUsd: 0 });
    expect(readPricing({ prompt: "-1", completion: "-1" })).toBeNull();
    expect(readPricing({ prompt: "abc", completion: "0" })).toBeNull();
    expect(readPricing(undefined)).toBeNull();
  });
});

describe("estimatePlan", () => {
  it("multiplies versions × questions × repeats × per-item cost and adds the judge calls", () => {
    const estimate = estimatePlan(plan());
    // Per item: v1 tokens 1500×2e-6 + 500×1e-5 = 0.008, search 0.004; v2 tokens 0.003 + 0.01 = 0.013, search 0.008.
    // Judge calls per item: 1 (judge) + 3 (support, one per expected citation) = 4, each 1000×1e-7 + 100×4e-7 = 0.00014.
    expect(judgeCallsPerItem(plan().checks, 3)).toBe(4);
    expect(estimate.items).toBe(120);
    expect(estimate.judge_calls).toBe(480);
    expect(estimate.model_tokens_usd).toBeCloseTo(60 * 0.008 + 60 * 0.013, 10);
    expect(estimate.web_search_usd).toBeCloseTo(60 * 0.004 + 60 * 0.008, 10);
    expect(estimate.judge_usd).toBeCloseTo(480 * 0.00014, 10);
    expect(estimate.total_usd).toBeCloseTo(estimate.model_tokens_usd + estimate.web_search_usd + estimate.judge_usd, 10);
    expect(estimate.targets.map((t) => t.id)).toEqual(["web-research@1", "web-research@2"]);
    expect(estimate.refusals).toEqual([]);
  });

  it("refuses over the plan's cap and over the daily limit, as data", () => {
    const estimate = estimatePlan(plan({ capUsd: 1, daily: { limitUsd: 5, spentUsd: 4.5 } }));
    expect(estimate.refusals.map((r) => r.code)).toEqual(["over_plan_cap", "over_daily_limit"]);
    expect(estimate.refusals[0]).toMatchObject({ limit_usd: 1 });
    expect(estimate.refusals[1]).toMatchObject({ limit_usd: 5, spent_usd: 4.5 });
    expect(estimate.refusals[1].message).toContain("over your limit of $5.00 a day");
  });

  it("accepts a plan exactly at its cap", () => {
    const exact = estimatePlan(plan({ checks: [], targets: [{ id: "m", pricing: { ...gpt, webSearchUsd: 0.1 }, webSearchesPerRequest: 1, inputTokens: 0, outputTokens: 0 }], questions: 3, repeats: 1 }));
    expect(estimatePlan(plan({ checks: [], targets: [{ id: "m", pricing: { ...gpt, webSearchUsd: 0.1 }, webSearchesPerRequest: 1, inputTokens: 0, outputTokens: 0 }], questions: 3, repeats: 1, capUsd: 0.3 })).refusals).toEqual([]);
    expect(exact.total_usd).toBeCloseTo(0.3);
  });

  it("refuses unknown prices of a target or of the judge", () => {
    const estimate = estimatePlan(plan({ targets: [{ id: "openrouter/auto", pricing: null, webSearchesPerRequest: 0 }], judge: undefined }));
    expect(estimate.refusals.map((r) => [r.code, r.target])).toEqual([
      ["unknown_pricing", "openrouter/auto"],
      ["unknown_pricing", "judge"],
    ]);
    expect(estimatePlan(plan({ checks: [check("contains:x")], judge: undefined })).refusals).toEqual([]);
  });

  it("uses a separate per-search price when given", () => {
    const estimate = estimatePlan(plan({ checks: [], questions: 1, repeats: 1, targets: [{ id: "m", pricing: gpt, webSearchesPerRequest: 1, webSearchUsd: 0.02 }] }));
    expect(estimate.web_search_usd).toBeCloseTo(0.02);
  });
});

import { describe, expect, it } from "vitest";
import { aggregateVersion, percentile, type ScoredItem } from "./aggregate";
import type { CheckResult } from "./evaluate";
import type { ItemResult } from "./item-result";

function result(overrides: Partial<ItemResult> = {}): ItemResult {
  return { answer: "a", citations: [], sources: [], cost_usd: 0.01, latency_ms: 1000, ttft_ms: 200, ...overrides };
}

const pass = (kind: CheckResult["kind"], arg: string, extra: Partial<CheckResult> = {}): CheckResult => ({ kind, arg, passed: true, ...extra });
const fail = (kind: CheckResult["kind"], arg: string, extra: Partial<CheckResult> = {}): CheckResult => ({ kind, arg, passed: false, ...extra });
const cite = (url: string) => ({ url, start_index: 0, end_index: 1 });
const support = (precision: number, recall: number) => ({ precision, recall, verdicts: [] });

describe("percentile", () => {
  it("uses nearest rank", () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([5], 95)).toBe(5);
    expect(percentile([4, 1, 3, 2], 50)).toBe(2);
    expect(percentile(Array.from({ length: 100 }, (_, i) => i + 1), 95)).toBe(95);
  });
});

describe("aggregateVersion", () => {
  const items: ScoredItem[] = [
    {
      result: result({ latency_ms: 1000, ttft_ms: 100, cost_usd: 0.02, web_search_cost_usd: 0.005, citations: [cite("https://a.com/1"), cite("https://www.a.com/2"), cite("https://b.org/x")] }),
      checks: [pass("contains", "x"), pass("judge", "r", { score: 0.9 }), pass("citation-support", "0.5", { score: 1, details: support(1, 0.5) })],
    },
    {
      result: result({ latency_ms: 3000, ttft_ms: 300, cost_usd: 0.01, citations: [cite("https://c.net"), cite("https://d.io"), cite("https://e.dev"), cite("https://f.app"), cite("https://g.ai")] }),
      checks: [fail("contains", "x"), pass("judge", "r", { score: 0.5 }), fail("citation-support", "0.5", { score: 0.2, details: support(0.2, 0) })],
    },
    {
      result: result({ latency_ms: 2000, ttft_ms: 200, cost_usd: null }),
      checks: [pass("contains", "x"), fail("judge", "r", { reasoning: "unreadable" }), fail("citation-support", "0.5", { details: { precision: null, recall: null, verdicts: [] } })],
    },
    {
      result: result({ latency_ms: 60_000, ttft_ms: null, cost_usd: 0.001, error: { code: 502, message: "bad gateway" } }),
      checks: [fail("contains", "x", { details: { skipped: "item_error" } })],
    },
  ];

  it("computes pass rates, counting failed items against the version", () => {
    const a = aggregateVersion(items);
    expect(a).toMatchObject({ items: 4, errors: 1, passed: 1, pass_rate: 0.25 });
    expect(a.pass_rate_excluding_errors).toBeCloseTo(1 / 3);
    expect(a.checks).toEqual([
      { kind: "contains", arg: "x", evaluated: 3, passed: 2, pass_rate: 2 / 3 },
      { kind: "judge", arg: "r", evaluated: 3, passed: 2, pass_rate: 2 / 3 },
      { kind: "citation-support", arg: "0.5", evaluated: 3, passed: 1, pass_rate: 1 / 3 },
    ]);
  });

  it("averages judge scores and citation precision / recall over the answers that have them", () => {
    const a = aggregateVersion(items);
    expect(a.judge_score_mean).toBeCloseTo(0.7);
    expect(a.citation_precision_mean).toBeCloseTo(0.6);
    expect(a.citation_recall_mean).toBeCloseTo(0.25);
  });

  it("totals cost with web search apart and takes latency percentiles of answered items", () => {
    const a = aggregateVersion(items);
    expect(a.cost_usd).toBeCloseTo(0.031);
    expect(a.cost_web_search_usd).toBeCloseTo(0.005);
    expect(a.cost_tokens_usd).toBeCloseTo(0.026);
    expect([a.latency_ms_p50, a.latency_ms_p95, a.ttft_ms_p50]).toEqual([2000, 3000, 200]);
  });

  it("counts citations per answer, distinct domains and the top five's share", () => {
    const a = aggregateVersion(items);
    expect(a.citations_per_answer).toBeCloseTo(8 / 3);
    expect(a.distinct_domains).toBe(7);
    // a.com has 2, then five domains with 1: the top five cover 6 of 8.
    expect(a.top5_domain_share).toBeCloseTo(6 / 8);
  });

  it("has nulls, not NaN, for an empty version", () => {
    const a = aggregateVersion([]);
    expect(a).toMatchObject({ items: 0, pass_rate: null, latency_ms_p50: null, citations_per_answer: null, top5_domain_share: null, cost_usd: 0 });
  });
});

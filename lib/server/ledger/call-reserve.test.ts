import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countTokens } from "@/lib/embedded-gateway/responder/tokens";
import { callUpperBound, MIN_CALL_RESERVE_USD, searchResultsOf } from "./call-reserve";

const PRICES = { prompt: 0.000001, completion: 0.000004, request: 0, web_search: 0.004 };

describe("a call's upper bound from its real request", () => {
  it("counts the instructions, the input, the answer length and each search result", () => {
    const bound = callUpperBound({ model: "m", instructions: "a.".repeat(100_000), input: "Hi", max_output_tokens: 100, plugins: [{ id: "web", max_results: 5 }] }, PRICES, { maxOutputTokens: 4096 });
    expect(bound.searchResults).toBe(5);
    expect(bound.outputTokens).toBe(100);
    expect(bound.inputTokens).toBeGreaterThan(200_000);
    expect(bound.usd).toBeGreaterThan(0.2 + 100 * 0.000004 + 5 * 0.004);
  });

  it("reads every way of turning web search on, and none", () => {
    expect(searchResultsOf({ model: "m" })).toBe(0);
    expect(searchResultsOf({ model: "m:online" })).toBe(5);
    expect(searchResultsOf({ plugins: [{ id: "web", enabled: false }] })).toBe(0);
    expect(searchResultsOf({ plugins: [{ id: "web" }] })).toBe(5);
    expect(searchResultsOf({ tools: [{ type: "openrouter:web_search", parameters: { max_results: 9 } }] })).toBe(9);
    expect(searchResultsOf({ tools: [{ type: "web_search_preview" }] })).toBe(5);
    expect(searchResultsOf({ plugins: [{ id: "web", max_results: 1e9 }] })).toBe(25);
  });

  it("reserves the minimum on a free model, and the answer length it was given when the request sets none", () => {
    const free = callUpperBound({ model: "m", input: "x".repeat(10_000) }, { prompt: 0, completion: 0, request: 0, web_search: 0 }, { maxOutputTokens: 4096 });
    expect(free.usd).toBe(MIN_CALL_RESERVE_USD);
    expect(free.outputTokens).toBe(4096);
  });

  it("is never below what the embedded gateway's tokenizer counts for any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), fc.string({ maxLength: 200 }), (instructions, input) => {
        const bound = callUpperBound({ model: "m", instructions, input }, PRICES, { maxOutputTokens: 0 });
        expect(bound.inputTokens).toBeGreaterThanOrEqual(countTokens([instructions, input].join("\n")));
      }),
    );
  });
});

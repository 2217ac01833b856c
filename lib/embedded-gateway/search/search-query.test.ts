import { describe, expect, it } from "vitest";
import { matchForm, occursAtWordStart } from "./literal-match";
import { rankByRelevance } from "./relevance";
import { SEARCH_QUERY_LIMITS, searchQueryOf } from "./search-query";

const words = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `w${i + from}x`).join(" ");

describe("searchQueryOf", () => {
  it("keeps a question within the limits as it is", () => {
    expect(searchQueryOf("  How does write-ahead logging work in SQLite?  ")).toBe("How does write-ahead logging work in SQLite?");
  });

  it("stops before the first distinct word past the limit; repeated words do not count", () => {
    const n = SEARCH_QUERY_LIMITS.distinctTerms;
    expect(searchQueryOf(`${words(n)} ${words(5, n)}`)).toBe(words(n));
    expect(searchQueryOf(`${words(n)} w0x W1X ${words(1, n)}`)).toBe(`${words(n)} w0x W1X`);
  });

  it("cuts at the character limit between words, never inside one, and is stable", () => {
    const long = "tea ".repeat(SEARCH_QUERY_LIMITS.chars);
    const cut = searchQueryOf(long);
    expect(cut.length).toBeLessThanOrEqual(SEARCH_QUERY_LIMITS.chars);
    expect(cut.endsWith("tea")).toBe(true);
    expect(searchQueryOf(cut)).toBe(cut);
    expect(searchQueryOf("x".repeat(SEARCH_QUERY_LIMITS.chars + 1))).toBe("");
  });
});

describe("literal matching of the question's words", () => {
  it("matches at word starts only, across hyphens and case; CJK anywhere", () => {
    expect(occursAtWordStart(matchForm("Use write-ahead logging"), "logging")).toBe(true);
    expect(occursAtWordStart(matchForm("Logging helps"), "log")).toBe(true);
    expect(occursAtWordStart(matchForm("instead of coffee"), "tea")).toBe(false);
    expect(occursAtWordStart(matchForm("The Write-Ahead\n Log"), "write ahead")).toBe(true);
    expect(occursAtWordStart(matchForm("抹茶と緑茶"), "緑茶")).toBe(true);
    expect(occursAtWordStart(matchForm("regex (.*)+ chars"), "(.*)+")).toBe(true);
    expect(occursAtWordStart(matchForm("anything at all"), ".*")).toBe(false);
  });

  it("treats regex syntax in the question as plain text", () => {
    const hits = [{ title: "a+b (c)", text: "about [x] and a+b", score: 1 }];
    expect(rankByRelevance("a+b [x] (c)", hits)).toHaveLength(1);
  });
});

import { describe, expect, it } from "vitest";
import { FIXED_CORPUS } from "./fixed-corpus";
import { domainMatches, WebSearchIndex } from "./web-search";

describe("web search", () => {
  // A domain matches itself and its subdomains; a star stands for part of one label; a path narrows it.
  it.each([
    ["example.com", "https://docs.example.com/a", true],
    ["example.com", "https://example.com/a", true],
    ["*.example.com", "https://example.com/a", false],
    ["*.example.com", "https://a.b.example.com/a", true],
    ["notexample.com", "https://example.com/", false],
    ["api-*.example.com", "https://api-v2.example.com/", true],
    ["api-*.example.com", "https://api-v2.eu.example.com/", false],
    ["*.*.example.com", "https://a.b.example.com/", true],
    ["*.*.example.com", "https://b.example.com/", false],
    ["npmjs.com/package/zod", "https://www.npmjs.com/package/zod#intro", true],
    ["npmjs.com/package/zod", "https://www.npmjs.com/package/react", false],
    ["EXAMPLE.com/Docs", "https://example.com/docs/intro", true],
    ["https://*.example.com/docs", "https://www.example.com/blog", false],
  ])("matches domain %j against %s: %s", (pattern, url, expected) => {
    expect(domainMatches(pattern, url)).toBe(expected);
  });

  it("ranks by relevance and honours max_results and filters", () => {
    const index = new WebSearchIndex(FIXED_CORPUS);
    expect(index.search("Matterhorn Whymper", { maxResults: 5 })[0].url).toContain("Matterhorn");
    expect(index.search("coffee café tea", { maxResults: 2 })).toHaveLength(2);
    const filtered = index.search("coffee", { maxResults: 10, excludeDomains: ["*.example.com"] });
    expect(filtered.every((hit) => !new URL(hit.url).hostname.endsWith(".example.com"))).toBe(true);
  });
});

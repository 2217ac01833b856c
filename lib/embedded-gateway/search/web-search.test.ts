import { describe, expect, it } from "vitest";
import { FIXED_CORPUS } from "./fixed-corpus";
import { domainMatches, WebSearchIndex } from "./web-search";

describe("web search", () => {
  it("matches domains with and without wildcards and paths", () => {
    expect(domainMatches("example.com", "https://docs.example.com/a")).toBe(true);
    expect(domainMatches("example.com", "https://example.com/a")).toBe(true);
    expect(domainMatches("*.example.com", "https://example.com/a")).toBe(false);
    expect(domainMatches("*.example.com", "https://a.b.example.com/a")).toBe(true);
    expect(domainMatches("notexample.com", "https://example.com/")).toBe(false);
    expect(domainMatches("npmjs.com/package/zod", "https://www.npmjs.com/package/zod#intro")).toBe(true);
    expect(domainMatches("npmjs.com/package/zod", "https://www.npmjs.com/package/react")).toBe(false);
  });

  it("ranks by relevance and honours max_results and filters", () => {
    const index = new WebSearchIndex(FIXED_CORPUS);
    expect(index.search("Matterhorn Whymper", { maxResults: 5 })[0].url).toContain("Matterhorn");
    expect(index.search("coffee café tea", { maxResults: 2 })).toHaveLength(2);
    const filtered = index.search("coffee", { maxResults: 10, excludeDomains: ["*.example.com"] });
    expect(filtered.every((hit) => !new URL(hit.url).hostname.endsWith(".example.com"))).toBe(true);
  });
});

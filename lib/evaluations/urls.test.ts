import { describe, expect, it } from "vitest";
import { diffCitationDomains, diffCitationUrls, domainOf, hostMatchesDomain, jaccard, normalizeUrl, urlMatchesAnyDomain } from "./urls";

describe("normalizeUrl", () => {
  it("lowercases scheme and host, drops www, fragment, default port and trailing slash", () => {
    expect(normalizeUrl("HTTPS://WWW.Example.COM:443/Docs/Page/#intro")).toBe("https://example.com/Docs/Page");
    expect(normalizeUrl("http://example.com:80/")).toBe("http://example.com");
    expect(normalizeUrl("http://example.com:8080/a")).toBe("http://example.com:8080/a");
  });

  it("drops tracking parameters and sorts the others", () => {
    expect(normalizeUrl("https://example.com/a?utm_source=x&b=2&fbclid=1&a=1&UTM_Medium=y")).toBe("https://example.com/a?a=1&b=2");
    expect(normalizeUrl("https://example.com/a?utm_source=x")).toBe("https://example.com/a");
  });

  it("returns text that is not a URL trimmed", () => {
    expect(normalizeUrl("  not a url ")).toBe("not a url");
  });
});

describe("domains", () => {
  it("is the host without www", () => {
    expect(domainOf("https://www.Example.com/x")).toBe("example.com");
    expect(domainOf("https://docs.example.com/x")).toBe("docs.example.com");
    expect(domainOf("nonsense")).toBeNull();
  });

  it("counts subdomains but not look-alikes", () => {
    expect(hostMatchesDomain("en.wikipedia.org", "wikipedia.org")).toBe(true);
    expect(hostMatchesDomain("wikipedia.org", "wikipedia.org")).toBe(true);
    expect(hostMatchesDomain("notwikipedia.org", "wikipedia.org")).toBe(false);
    expect(urlMatchesAnyDomain("https://www.bbc.co.uk/news", ["example.com", "bbc.co.uk"])).toBe(true);
    expect(urlMatchesAnyDomain("garbage", ["example.com"])).toBe(false);
  });
});

describe("citation diff", () => {
  const before = ["https://a.com/x?utm_source=1", "https://b.org/y", "https://c.net/z#frag"];
  const after = ["https://www.a.com/x", "https://d.io/w", "https://c.net/z/"];

  it("finds kept, added and dropped URLs after normalising", () => {
    expect(diffCitationUrls(before, after)).toEqual({
      kept: ["https://a.com/x", "https://c.net/z"],
      added: ["https://d.io/w"],
      dropped: ["https://b.org/y"],
    });
  });

  it("diffs domains", () => {
    expect(diffCitationDomains(before, [...after, "bad"])).toEqual({ kept: ["a.com", "c.net"], added: ["d.io"], dropped: ["b.org"] });
  });

  it("measures Jaccard overlap", () => {
    expect(jaccard(before, after)).toBeCloseTo(2 / 4);
    expect(jaccard([], [])).toBe(1);
    expect(jaccard(["https://a.com"], [])).toBe(0);
  });
});

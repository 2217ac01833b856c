import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pathMatches } from "./faults";
import { domainMatches } from "./search/web-search";
import { globMatch, globTokens, STAR, wildcardMatch } from "./wildcard";

/** The regexes these matchers replaced, kept here as the reference for short inputs only. */
const regexEscape = (s: string) => s.replace(/[.+?^${}()|[\]\\*]/g, "\\$&");
const oldLabelGlob = (glob: string, host: string) => new RegExp(`^${glob.split("*").map(regexEscape).join("[^.]*")}$`).test(host);
const oldPathMatches = (pattern: string, path: string) =>
  new RegExp(`^${pattern.split("/").map((s) => (s === "**" ? ".*" : s === "*" ? "[^/]+" : regexEscape(s))).join("/")}$`).test(path);

describe("wildcardMatch", () => {
  it("matches globs like the usual star semantics", () => {
    expect(globMatch("a*c", "abbbc")).toBe(true);
    expect(globMatch("a*c", "ac")).toBe(true);
    expect(globMatch("a*c", "abcd")).toBe(false);
    expect(globMatch("*", "")).toBe(true);
    expect(globMatch("", "")).toBe(true);
    expect(globMatch("", "a")).toBe(false);
    expect(globMatch("**a**b**", "xxaxxbxx")).toBe(true);
    expect(globTokens("a***b")).toEqual(["a", STAR, "b"]);
  });

  it("does at most pattern × subject comparisons, even for 24 stars before a missing letter", () => {
    let steps = 0;
    const pattern = [...Array.from({ length: 24 }, (_, i) => (i % 2 ? STAR : "a")), "q"];
    const subject = Array.from("a".repeat(200));
    const matched = wildcardMatch(pattern, subject, (p, s) => {
      steps++;
      return p === s;
    });
    expect(matched).toBe(false);
    expect(steps).toBeLessThanOrEqual((pattern.length + 1) * (subject.length + 1));
  });

  it("agrees with the regex it replaced on short host labels", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ab*.]{0,6}$/), fc.stringMatching(/^[ab.]{0,8}$/), (glob, host) => {
        const labelwise = glob.split(".").length === host.split(".").length && glob.split(".").every((g, i) => globMatch(g, host.split(".")[i]));
        expect(labelwise).toBe(oldLabelGlob(glob, host));
      }),
      { numRuns: 2000 },
    );
  });
});

// The examples of each matcher are in its own module's test (faults.test.ts, search/web-search.test.ts).
describe("fault path patterns", () => {
  it("agree with the regex they replaced", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("a", "b", "*", "**", ""), { minLength: 1, maxLength: 5 }),
        fc.array(fc.constantFrom("a", "b", "ab", ""), { minLength: 1, maxLength: 6 }),
        (patternSegments, pathSegments) => {
          const pattern = `/${patternSegments.join("/")}`;
          const path = `/${pathSegments.join("/")}`;
          // Both sides see the same normalisation: trailing slashes dropped, "//" kept as "/".
          const strip = (p: string) => p.replace(/(?<=.)\/+$/, "");
          expect(pathMatches(pattern, path)).toBe(oldPathMatches(strip(pattern), strip(path)));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("stay fast on a pattern of many ** against a path of many segments", () => {
    const started = performance.now();
    expect(pathMatches(`/${"**/".repeat(40)}x`, `/${"a/".repeat(2000)}b`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("domainMatches", () => {
  it("answers a 24-star pattern at once (the regex took tens of seconds)", () => {
    const started = performance.now();
    expect(domainMatches(`${"*".repeat(24)}q`, "https://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com/")).toBe(false);
    expect(domainMatches(`${"a*".repeat(200)}q`, `https://${"a".repeat(63)}/`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

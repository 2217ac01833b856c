import fc from "fast-check";
import { RE2JS } from "re2js";
import { describe, expect, it } from "vitest";
import { patternProgramBound } from "./pattern-size";

/** Patterns from RE2's grammar: atoms, classes, escapes, groups of every kind, alternations, every quantifier. */
const patterns = fc.letrec<{ re: string; atom: string }>((tie) => ({
  atom: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("a", "b", ".", "^", "$", "\\d", "\\w", "\\s", "\\b", "\\pL", "\\p{Greek}", "\\PN", "\\x{10FFFF}", "\\x41", "[a-z]", "[^\\d]", "[]a]", "[[:alpha:]x]", "[\\x{0}-\\x{10FFFF}]", "\\Qa.b\\E", "{", "{x}", "(?i)", "\\."),
    tie("re").map((re) => `(${re})`),
    tie("re").map((re) => `(?:${re})`),
    tie("re").map((re) => `(?i:${re})`),
    tie("re").map((re) => `(?P<n>${re})`),
  ),
  re: fc
    .array(
      fc.tuple(
        tie("atom"),
        fc.constantFrom("", "*", "+", "?", "*?", "{2}", "{0,3}", "{3,}", "{1,9}", "{0,40}", "{12}", "{0,200}"),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .chain((parts) => fc.constantFrom(parts.map(([a, q]) => a + q).join(""), parts.map(([a, q]) => a + q).join("|"))),
}));

describe("patternProgramBound", () => {
  it("is never below the size of the program re2js compiles (every pattern it compiles)", () => {
    fc.assert(
      fc.property(patterns.re, (pattern) => {
        let compiled: RE2JS;
        try {
          compiled = RE2JS.compile(pattern);
        } catch {
          return; // not a valid pattern (e.g. nested repeats over 1,000): refused by the compiler anyway
        }
        expect(patternProgramBound(pattern), pattern).toBeGreaterThanOrEqual(compiled.programSize());
      }),
      { numRuns: 5_000 },
    );
  }, 120_000);

  it("counts an empty group or alternative as the no-op it compiles to (a counterexample the property found in CI)", () => {
    for (const pattern of ["((?i)){12}", "(){12}", "(a|){12}", "(|a){12}", "((?i)|(?s)){12}"]) {
      expect(patternProgramBound(pattern), pattern).toBeGreaterThanOrEqual(RE2JS.compile(pattern).programSize());
    }
  });

  it("weighs the issue's pattern (some 4,800 instructions) before compiling it", () => {
    const evil = "(?:[\\x{0}-\\x{10FFFF}]{0,999}[\\x{0}-\\x{10FFFF}]{0,999}[\\x{0}-\\x{10FFFF}]{0,400}\\d|Q1)";
    expect(patternProgramBound(evil)).toBeGreaterThanOrEqual(RE2JS.compile(evil).programSize());
    expect(patternProgramBound("(?i)paris")).toBeLessThan(30);
  });
});

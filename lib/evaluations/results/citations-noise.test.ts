import { describe, expect, it } from "vitest";
import { citationDiff } from "./citation-diff";
import { checkAgreement, noiseFloor } from "./noise-floor";
import { answerSimilarity } from "./similarity";
import { ItemGrid } from "./stored-item";
import { answered, failed } from "./test-items";

const item = (answer: string, urls: string[], sources: { url: string; snippet?: string }[] = []) => ({
  answer,
  citations: urls.map((url) => ({ url, start_index: 0, end_index: 1 })),
  sources,
});

describe("citation diff", () => {
  it("compares normalised URLs: tracking parameters, www., fragments, trailing slashes and parameter order are no change", () => {
    const diff = citationDiff(
      item("a", ["https://www.example.com/page/?b=2&a=1&utm_source=x#top", "https://old.org/gone", "https://docs.example.com/x"]),
      item("b", ["https://example.com/page?a=1&b=2", "https://new.net/fresh", "https://docs.example.com/x", "https://new.net/fresh#again"]),
      { base: 0, against: 1, repeat: 0 },
    );
    expect(diff.kept).toEqual(["https://docs.example.com/x", "https://example.com/page?a=1&b=2"]);
    expect(diff.added).toEqual(["https://new.net/fresh"]);
    expect(diff.dropped).toEqual(["https://old.org/gone"]);
    expect(diff.jaccard).toBeCloseTo(2 / 4, 12);
    // Most cited first (both sides together), ties by name.
    expect(diff.domains).toEqual([
      { domain: "docs.example.com", base: 1, against: 1 },
      { domain: "example.com", base: 1, against: 1 },
      { domain: "new.net", base: 0, against: 2 },
      { domain: "old.org", base: 1, against: 0 },
    ]);
  });

  it("lists the searched sources each side left uncited", () => {
    const diff = citationDiff(
      item("a", ["https://a.com/1"], [{ url: "https://a.com/1?utm_medium=x" }, { url: "https://b.com/2" }, { url: "https://b.com/2/" }]),
      item("a", [], [{ url: "https://c.com/3" }]),
      { base: 0, against: 1, repeat: 0 },
    );
    expect(diff.searched_uncited).toEqual({ base: ["https://b.com/2"], against: ["https://c.com/3"] });
    expect(diff.answer_similarity).toBe(1);
    // No citations on one side: nothing is shared.
    expect(diff.jaccard).toBe(0);
  });
});

describe("noise floor", () => {
  it("answer similarity is the Jaccard of the lowercased word sets", () => {
    expect(answerSimilarity("Paris is big", "paris is BIG!")).toBe(1);
    expect(answerSimilarity("a b c d", "a b c e")).toBeCloseTo(3 / 5, 12);
    expect(answerSimilarity("", "")).toBe(1);
  });

  it("check agreement counts the checks both ran", () => {
    const check = (kind: string, passed: boolean) => ({ kind: kind as "contains", arg: "x", passed });
    expect(checkAgreement([check("contains", true), check("min-length", true)], [check("contains", true), check("min-length", false), check("judge", true)])).toBe(0.5);
    expect(checkAgreement([check("contains", true)], [check("judge", true)])).toBeNull();
    expect(checkAgreement(null, [])).toBeNull();
  });

  it("within: every pair of a version's repeats; between: repeat r of a against repeat r of b", () => {
    const items = [
      // Version 0, question 0: two repeats that differ in one word, one URL and one check.
      answered({ v: 0, q: 0, r: 0 }, "a b c d", { urls: ["https://x.com/1", "https://y.com/2"], checks: [["contains:a", true], ["min-length:3", true]] }),
      answered({ v: 0, q: 0, r: 1 }, "a b c e", { urls: ["https://x.com/1"], checks: [["contains:a", true], ["min-length:3", false]] }),
      // Version 1 answers the same twice, and entirely differently from version 0.
      answered({ v: 1, q: 0, r: 0 }, "z y", { urls: ["https://z.com"], checks: [["contains:a", false], ["min-length:3", false]] }),
      answered({ v: 1, q: 0, r: 1 }, "z y", { urls: ["https://z.com"], checks: [["contains:a", false], ["min-length:3", false]] }),
      // A failed repeat takes part in no pair.
      failed({ v: 1, q: 1, r: 0 }),
      answered({ v: 1, q: 1, r: 1 }, "q", {}),
      answered({ v: 0, q: 1, r: 0 }, "q", {}),
    ];
    const floor = noiseFloor(new ItemGrid(2, 2, items), 2);
    expect(floor.within[0].agreement).toEqual({ pairs: 1, answer_similarity: 3 / 5, citation_overlap: 1 / 2, check_agreement: 1 / 2 });
    expect(floor.within[1].agreement).toEqual({ pairs: 1, answer_similarity: 1, citation_overlap: 1, check_agreement: 1 });
    const between = floor.between[0];
    expect(between).toMatchObject({ a: 0, b: 1 });
    expect(between.agreement.pairs).toBe(2);
    expect(between.agreement.answer_similarity).toBe(0);
    expect(between.agreement.citation_overlap).toBe(0);
    // Repeat 0: both checks differ (0); repeat 1: contains differs, min-length agrees (0.5).
    expect(between.agreement.check_agreement).toBeCloseTo((0 + 0.5) / 2, 12);
  });

  it("has no within figures with one repeat", () => {
    const floor = noiseFloor(new ItemGrid(1, 1, [answered({ v: 0, q: 0 }, "a")]), 1);
    expect(floor.within).toEqual([{ version_index: 0, agreement: null }]);
    expect(floor.between).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { decideRange } from "./range";

describe("Range requests", () => {
  it("answers one range, open-ended and suffix ranges, clamped to the size", () => {
    expect(decideRange("bytes=0-99", 1000)).toEqual({ kind: "partial", start: 0, end: 99 });
    expect(decideRange("bytes=500-", 1000)).toEqual({ kind: "partial", start: 500, end: 999 });
    expect(decideRange("bytes=900-5000", 1000)).toEqual({ kind: "partial", start: 900, end: 999 });
    expect(decideRange("bytes=-100", 1000)).toEqual({ kind: "partial", start: 900, end: 999 });
    expect(decideRange("bytes=-5000", 1000)).toEqual({ kind: "partial", start: 0, end: 999 });
  });

  it("a range starting past the end is unsatisfiable (416)", () => {
    expect(decideRange("bytes=1000-", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(decideRange("bytes=-0", 1000)).toEqual({ kind: "unsatisfiable" });
  });

  it("no header, another unit, several ranges or nonsense get the whole body", () => {
    for (const header of [null, "", "items=0-1", "bytes=0-1,5-9", "bytes=9-3", "bytes=-", "garbage"]) {
      expect(decideRange(header, 1000), String(header)).toEqual({ kind: "full" });
    }
  });
});

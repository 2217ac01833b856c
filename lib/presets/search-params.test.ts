import { describe, expect, it } from "vitest";
import { parseAsComparePair } from "./search-params";

describe("parseAsComparePair", () => {
  it("reads ?compare=3..5 and writes it back", () => {
    const pair = parseAsComparePair.parse("3..5");
    expect(pair).toEqual({ from: 3, to: 5 });
    expect(parseAsComparePair.serialize({ from: 3, to: 5 })).toBe("3..5");
  });

  it("refuses anything but two positive version numbers", () => {
    for (const value of ["", "3", "3..", "..5", "0..2", "3...5", "a..b", "-1..2", "3..5x"]) {
      expect(parseAsComparePair.parse(value), value).toBeNull();
    }
  });
});

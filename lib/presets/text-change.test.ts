import { describe, expect, it } from "vitest";
import { textChange } from "./text-change";

const apply = (before: string, change: ReturnType<typeof textChange>) => (change ? before.slice(0, change.from) + change.insert + before.slice(change.to) : before);

describe("textChange", () => {
  it("is null for equal texts", () => {
    expect(textChange("{}", "{}")).toBeNull();
  });

  it("replaces only what differs", () => {
    expect(textChange('{"a": "xy"}', '{"a": "xzy"}')).toEqual({ from: 8, to: 8, insert: "z" });
    expect(textChange("abcdef", "abXdef")).toEqual({ from: 2, to: 3, insert: "X" });
  });

  it("never lets the common end overlap the common start", () => {
    for (const [before, after] of [["aa", "aaa"], ["aaa", "aa"], ["", "abc"], ["abc", ""], ["abab", "ab"], ["x", "y"]]) {
      const change = textChange(before, after);
      expect(change!.from).toBeLessThanOrEqual(change!.to);
      expect(apply(before, change)).toBe(after);
    }
  });

  it("turns any text into any other", () => {
    const texts = ['{\n  "model": "a"\n}', '{\n  "model": "ab"\n}', '{\n  "metadata": {}\n}', "", "{"];
    for (const before of texts) for (const after of texts) expect(apply(before, textChange(before, after))).toBe(after);
  });
});

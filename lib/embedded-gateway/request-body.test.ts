import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./request-body";

describe("nestsDeeperThan", () => {
  it("counts objects and arrays, not brackets inside strings (escaped quotes included)", () => {
    const deep = (n: number) => `${"[".repeat(n)}1${"]".repeat(n)}`;
    expect(nestsDeeperThan(deep(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(deep(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(`{"a":"${"[{".repeat(500)}\\"[[["}`, 2)).toBe(false);
    expect(nestsDeeperThan(`{"a":{"b":[{"c":1}]}}`, 3)).toBe(true);
    expect(nestsDeeperThan(`[{"a":1},{"b":[2]},[3]]`, 3)).toBe(false);
  });
});

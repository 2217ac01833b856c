import { describe, expect, it } from "vitest";
import { JSON_SHAPE_LIMITS, jsonShapeProblem } from "./request-body";

describe("jsonShapeProblem", () => {
  const deep = (n: number) => `${"[".repeat(n)}1${"]".repeat(n)}`;

  it("counts nesting of objects and arrays, not brackets inside strings (escaped quotes included)", () => {
    expect(jsonShapeProblem(deep(JSON_SHAPE_LIMITS.depth))).toBeNull();
    expect(jsonShapeProblem(deep(JSON_SHAPE_LIMITS.depth + 1))).toMatch(/more than 64 levels deep/);
    const limits = { depth: 2, entries: 100 };
    expect(jsonShapeProblem(`{"a":"${"[{".repeat(500)}\\"[[["}`, limits)).toBeNull();
    expect(jsonShapeProblem(`{"a":{"b":[1]}}`, limits)).not.toBeNull();
    expect(jsonShapeProblem(`[{"a":1},{"b":2},[3]]`, limits)).toBeNull();
  });

  it("counts entries (brackets and commas outside strings), not the length of texts", () => {
    const items = (n: number) => `[${Array.from({ length: n }, () => '"x, y, z"').join(",")}]`;
    // n items: one bracket and n - 1 commas.
    expect(jsonShapeProblem(items(JSON_SHAPE_LIMITS.entries))).toBeNull();
    expect(jsonShapeProblem(items(JSON_SHAPE_LIMITS.entries + 1))).toMatch(/more than 10000 array elements/);
    expect(jsonShapeProblem(`{"input":"${"a, b, c [ { ".repeat(100_000)}"}`)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { numberFromText, readXSearchFilter, stringList, writeXSearchFilter } from "./field-values";
import type { RequestDraft } from "./setup";

describe("numberFromText", () => {
  it("reads numbers and leaves empty or unreadable text undefined", () => {
    expect(numberFromText("12")).toBe(12);
    expect(numberFromText(" 2.5 ")).toBe(2.5);
    expect(numberFromText("  ")).toBeUndefined();
    expect(numberFromText("abc")).toBeUndefined();
    expect(numberFromText("Infinity")).toBeUndefined();
  });
});

describe("X search filter", () => {
  const request = { model: "x-ai/grok-4", input: "hi" } as RequestDraft;

  it("reads an absent filter as empty", () => {
    expect(readXSearchFilter(request)).toEqual({});
  });

  it("writes a field and keeps the others", () => {
    const once = writeXSearchFilter(request, { from_date: "2025-01-01" });
    const twice = writeXSearchFilter(once, { allowed_x_handles: ["a"] });
    expect(twice.x_search_filter).toEqual({ from_date: "2025-01-01", allowed_x_handles: ["a"] });
    expect(request.x_search_filter).toBeUndefined();
  });

  it("drops fields cleared to undefined, empty text or false, and an empty filter", () => {
    const set = writeXSearchFilter(request, { from_date: "2025-01-01", enable_image_understanding: true });
    expect(writeXSearchFilter(set, { from_date: "" }).x_search_filter).toEqual({ enable_image_understanding: true });
    const cleared = writeXSearchFilter(set, { from_date: undefined, enable_image_understanding: false });
    expect("x_search_filter" in cleared).toBe(false);
  });

  it("keeps only the strings of a handle list", () => {
    expect(stringList(["a", 1, "b"])).toEqual(["a", "b"]);
    expect(stringList("a")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { navigationTarget } from "./list-keys";

describe("navigationTarget", () => {
  it("starts at the first row when none is active", () => {
    expect(navigationTarget("ArrowDown", -1, 10, 5)).toBe(0);
    expect(navigationTarget("ArrowUp", -1, 10, 5)).toBe(0);
    expect(navigationTarget("PageDown", -1, 10, 5)).toBe(4);
  });

  it("moves by one, by a page less one row, and to either end", () => {
    expect(navigationTarget("ArrowDown", 3, 10, 5)).toBe(4);
    expect(navigationTarget("ArrowUp", 3, 10, 5)).toBe(2);
    expect(navigationTarget("PageDown", 3, 10, 5)).toBe(7);
    expect(navigationTarget("PageUp", 7, 10, 5)).toBe(3);
    expect(navigationTarget("Home", 7, 10, 5)).toBe(0);
    expect(navigationTarget("End", 2, 10, 5)).toBe(9);
  });

  it("stays inside the list and moves at least one row a page", () => {
    expect(navigationTarget("ArrowDown", 9, 10, 5)).toBe(9);
    expect(navigationTarget("ArrowUp", 0, 10, 5)).toBe(0);
    expect(navigationTarget("PageDown", 8, 10, 5)).toBe(9);
    expect(navigationTarget("PageDown", 2, 10, 1)).toBe(3);
  });

  it("is null for keys that do not move", () => {
    expect(navigationTarget(" ", 2, 10, 5)).toBeNull();
    expect(navigationTarget("Enter", 2, 10, 5)).toBeNull();
  });
});

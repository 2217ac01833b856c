import { describe, expect, it } from "vitest";
import { rowWindow, scrollTopToReveal } from "./row-window";

describe("rowWindow", () => {
  it("renders the rows in view plus the overscan on both sides", () => {
    // 440 px viewport of 44 px rows scrolled to row 100: rows 100–109 in view, 110 partly.
    expect(rowWindow({ firstVisible: 100, viewportHeight: 440, rowHeight: 44, count: 200_000, overscan: 8 })).toEqual({ first: 92, last: 118, pageRows: 10 });
  });

  it("stops at both ends of the list", () => {
    expect(rowWindow({ firstVisible: 0, viewportHeight: 440, rowHeight: 44, count: 5, overscan: 8 })).toEqual({ first: 0, last: 4, pageRows: 10 });
    // Scrolled past the rows that are left (a filter shortened the list): the last rows, not nothing.
    expect(rowWindow({ firstVisible: 500, viewportHeight: 440, rowHeight: 44, count: 20, overscan: 8 })).toEqual({ first: 11, last: 19, pageRows: 10 });
  });

  it("renders nothing for an empty list and counts a page of at least one row", () => {
    const empty = rowWindow({ firstVisible: 0, viewportHeight: 0, rowHeight: 44, count: 0, overscan: 8 });
    expect(empty.last).toBeLessThan(empty.first);
    expect(empty.pageRows).toBe(1);
  });

  it("costs the same for 200,000 rows as for 200", () => {
    const window = rowWindow({ firstVisible: 199_990, viewportHeight: 600, rowHeight: 60, count: 200_000, overscan: 8 });
    expect(window).toEqual({ first: 199_982, last: 199_999, pageRows: 10 });
  });
});

describe("scrollTopToReveal", () => {
  const view = { scrollTop: 440, viewportHeight: 440, rowHeight: 44 };

  it("leaves a row in view where it is", () => {
    expect(scrollTopToReveal(10, view)).toBeNull();
    expect(scrollTopToReveal(19, view)).toBeNull();
  });

  it("scrolls up to put a row above the view at the top, down to put one below at the bottom", () => {
    expect(scrollTopToReveal(9, view)).toBe(396);
    expect(scrollTopToReveal(20, view)).toBe(484);
    expect(scrollTopToReveal(0, { ...view, scrollTop: 30 })).toBe(0);
  });

  it("shows a partly hidden row whole", () => {
    expect(scrollTopToReveal(10, { ...view, scrollTop: 450 })).toBe(440);
  });
});

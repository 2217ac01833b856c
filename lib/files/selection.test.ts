import { describe, expect, it } from "vitest";
import { activeIndex, clearSelection, clickRow, emptySelection, moveTo, selectAll, toggleActive } from "./selection";

const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: `f${i + from}` }));
const sel = (s: { selected: ReadonlySet<string> }) => [...s.selected].sort();

describe("selection", () => {
  it("a plain click selects one row and makes it active and the anchor", () => {
    const s = clickRow(emptySelection, rows(5), 2);
    expect(sel(s)).toEqual(["f2"]);
    expect(s.activeId).toBe("f2");
    expect(s.anchorId).toBe("f2");
  });

  it("shift-click selects the range from the anchor, either direction", () => {
    let s = clickRow(emptySelection, rows(10), 3);
    s = clickRow(s, rows(10), 6, { range: true });
    expect(sel(s)).toEqual(["f3", "f4", "f5", "f6"]);
    s = clickRow(s, rows(10), 1, { range: true });
    expect(sel(s)).toEqual(["f1", "f2", "f3"]);
  });

  it("ctrl-click toggles without dropping the rest; ctrl+shift adds a range", () => {
    let s = clickRow(emptySelection, rows(10), 0);
    s = clickRow(s, rows(10), 4, { toggle: true });
    expect(sel(s)).toEqual(["f0", "f4"]);
    s = clickRow(s, rows(10), 6, { range: true, toggle: true });
    expect(sel(s)).toEqual(["f0", "f4", "f5", "f6"]);
    s = clickRow(s, rows(10), 0, { toggle: true });
    expect(sel(s)).toEqual(["f4", "f5", "f6"]);
  });

  it("arrow moves select, shift+arrow extends, ctrl+arrow only moves, space toggles", () => {
    const list = rows(10);
    let s = moveTo(emptySelection, list, 0);
    s = moveTo(s, list, 1, { range: true });
    s = moveTo(s, list, 2, { range: true });
    expect(sel(s)).toEqual(["f0", "f1", "f2"]);
    s = moveTo(s, list, 5, { toggle: true });
    expect(sel(s)).toEqual(["f0", "f1", "f2"]);
    expect(s.activeId).toBe("f5");
    s = toggleActive(s, list);
    expect(sel(s)).toEqual(["f0", "f1", "f2", "f5"]);
  });

  it("clamps Home/End style moves to the list", () => {
    const list = rows(3);
    expect(moveTo(emptySelection, list, 99).activeId).toBe("f2");
    expect(moveTo(emptySelection, list, -5).activeId).toBe("f0");
    expect(moveTo(emptySelection, [], 0)).toBe(emptySelection);
  });

  it("survives more pages arriving: ids still selected, active index still resolves, a range reaches new rows", () => {
    const firstPage = rows(5);
    let s = clickRow(emptySelection, firstPage, 3);
    const grown = [...firstPage, ...rows(5, 5)];
    expect(sel(s)).toEqual(["f3"]);
    expect(activeIndex(s, grown)).toBe(3);
    s = moveTo(s, grown, 7, { range: true });
    expect(sel(s)).toEqual(["f3", "f4", "f5", "f6", "f7"]);
  });

  it("finds the active row again after a filter moved it", () => {
    const s = clickRow(emptySelection, rows(10), 8);
    const filtered = rows(10).filter((r) => r.id !== "f2");
    expect(activeIndex(s, filtered)).toBe(7);
  });

  it("select all and clear", () => {
    const s = selectAll(emptySelection, rows(4));
    expect(s.selected.size).toBe(4);
    expect(clearSelection(s).selected.size).toBe(0);
  });
});

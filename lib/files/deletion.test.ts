import { describe, expect, it } from "vitest";
import { deletedNotice, deleteErrorText, forgetIds } from "./deletion";
import { activeIndex, clickRow, emptySelection } from "./selection";

const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: `f${i + from}` }));
const sel = (s: { selected: ReadonlySet<string> }) => [...s.selected].sort();

describe("forgetIds", () => {
  it("forgets deleted ids and moves the active row to the one that took its place", () => {
    const list = rows(5);
    let s = clickRow(emptySelection, list, 1);
    s = clickRow(s, list, 2, { toggle: true });
    const after = list.filter((r) => r.id !== "f2");
    s = forgetIds(s, ["f2"], after);
    expect(sel(s)).toEqual(["f1"]);
    expect(s.activeId).toBe("f3");
    expect(activeIndex(s, after)).toBe(2);
  });
});

describe("deletedNotice", () => {
  it("names the one file deleted", () => {
    expect(deletedNotice([{ filename: "a.txt" }], 1, 0)).toBe("Deleted a.txt");
  });

  it("counts several files deleted", () => {
    expect(deletedNotice([{ filename: "a.txt" }, { filename: "b.txt" }], 2, 0)).toBe("Deleted 2 files");
  });

  it("counts the deleted ones when some failed, and says nothing when none was deleted", () => {
    expect(deletedNotice([{ filename: "a.txt" }, { filename: "b.txt" }], 1, 1)).toBe("Deleted 1 files");
    expect(deletedNotice([{ filename: "a.txt" }], 0, 1)).toBeNull();
  });
});

describe("deleteErrorText", () => {
  it("lists each failed file with its reason", () => {
    expect(
      deleteErrorText([
        { file: { filename: "a.txt" }, message: "Forbidden" },
        { file: { filename: "b.txt" }, message: "Timeout" },
      ]),
    ).toBe("Could not delete a.txt (Forbidden), b.txt (Timeout).");
  });

  it("is null when nothing failed", () => {
    expect(deleteErrorText([])).toBeNull();
  });
});

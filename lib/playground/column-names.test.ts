import { describe, expect, it } from "vitest";
import { columnGridClass, columnLetter, columnNames } from "./column-names";

describe("column names", () => {
  it("letters the columns from A", () => {
    expect([0, 1, 2, 3].map(columnLetter)).toEqual(["A", "B", "C", "D"]);
  });

  it("names compared columns by letter and a lone one Request", () => {
    expect(columnNames(3, true)).toEqual(["Column A", "Column B", "Column C"]);
    expect(columnNames(1, false)).toEqual(["Request"]);
  });

  it("lays the columns out by how many there are", () => {
    expect(columnGridClass(1, false)).toBe("");
    expect(columnGridClass(2, true)).toBe("grid gap-4 md:grid-cols-2");
    expect(columnGridClass(3, true)).toBe("grid gap-4 md:grid-cols-2 xl:grid-cols-3");
    expect(columnGridClass(4, true)).toBe("grid gap-4 md:grid-cols-2 2xl:grid-cols-4");
  });
});

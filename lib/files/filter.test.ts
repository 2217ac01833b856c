import { describe, expect, it } from "vitest";
import { describeFilterCount, filterRows, parseFilter } from "./filter";

const files = [
  { id: "1", filename: "Quarterly report.pdf", mime_type: "application/pdf" },
  { id: "2", filename: "report-data.csv", mime_type: "text/csv" },
  { id: "3", filename: "logo.png", mime_type: "image/png" },
  { id: "4", filename: "notes.md", mime_type: "text/markdown" },
];

const ids = (text: string) => filterRows(files, text).map((f) => f.id);

describe("filterRows", () => {
  it("matches names case-insensitively", () => {
    expect(ids("REPORT")).toEqual(["1", "2"]);
  });

  it("matches the MIME type and its readable label", () => {
    expect(ids("image/")).toEqual(["3"]);
    expect(ids("markdown")).toEqual(["4"]);
    expect(ids("csv")).toEqual(["2"]);
  });

  it("needs every word, each in the name or the type", () => {
    expect(ids("report pdf")).toEqual(["1"]);
    expect(ids("report   image")).toEqual([]);
  });

  it("returns the same rows for an empty filter", () => {
    expect(filterRows(files, "  ")).toBe(files);
    expect(parseFilter("  A  b ")).toEqual(["a", "b"]);
  });
});

describe("describeFilterCount", () => {
  it("says more are to load while the list is incomplete", () => {
    expect(describeFilterCount(12, 8200, false)).toBe("12 of 8,200 loaded match; more are still to load");
  });

  it("counts against all files once complete", () => {
    expect(describeFilterCount(1, 25_000, true)).toBe("1 of 25,000 files matches");
  });
});

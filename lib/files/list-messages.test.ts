import { describe, expect, it } from "vitest";
import { describeFilterCount } from "./filter";
import { formatCount } from "@/lib/format/count";
import { deletedNotice, deleteErrorText, filesStatusText } from "./list-messages";

describe("filesStatusText", () => {
  const base = { retryIn: null, filtering: false, matches: 0, total: 1200, complete: false };

  it("puts a rate-limit wait before everything else", () => {
    expect(filesStatusText({ ...base, retryIn: 3, filtering: true })).toBe("Rate limited; retrying in 3 s");
  });

  it("counts matches while filtering", () => {
    expect(filesStatusText({ ...base, filtering: true, matches: 4 })).toBe(describeFilterCount(4, 1200, false));
  });

  it("says more load as you scroll until the list is complete", () => {
    expect(filesStatusText(base)).toBe(`${formatCount(1200)} files loaded; more load as you scroll`);
    expect(filesStatusText({ ...base, complete: true })).toBe(`${formatCount(1200)} files`);
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

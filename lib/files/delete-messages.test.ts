import { describe, expect, it } from "vitest";
import { deletedNotice, deleteErrorText } from "./delete-messages";

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

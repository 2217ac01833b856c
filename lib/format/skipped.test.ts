import { describe, expect, it } from "vitest";
import { skippedNote } from "./skipped";

describe("skippedNote", () => {
  it("says how many entries were left out, and nothing when none were", () => {
    expect(skippedNote(undefined, "model")).toBeNull();
    expect(skippedNote(0, "model")).toBeNull();
    expect(skippedNote(1, "model")).toBe("1 model could not be read and is not shown");
    expect(skippedNote(3, "video model")).toBe("3 video models could not be read and are not shown");
  });
});

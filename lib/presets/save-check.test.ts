import { describe, expect, it } from "vitest";
import { saveCheckNote } from "./save-check";

describe("saveCheckNote", () => {
  it("adds the caveat only when the gateway did not confirm the If-Match check", () => {
    expect(saveCheckNote({ metadata: { conflict_check: "unverified" } })).toBe(" This gateway could not confirm nobody else saved in between.");
    expect(saveCheckNote({ metadata: { conflict_check: "verified" } })).toBe("");
    expect(saveCheckNote({})).toBe("");
  });
});

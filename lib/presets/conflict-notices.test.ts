import { describe, expect, it } from "vitest";
import { reappliedNotice, tookTheirsNotice } from "./conflict-notices";

describe("conflict notices", () => {
  it("says which version the edit now starts from after taking theirs", () => {
    expect(tookTheirsNotice(7)).toBe("Now editing version 7; your changes were discarded.");
  });

  it("re-applied without overrides asks for a review", () => {
    expect(reappliedNotice(4, [])).toBe("Your changes are re-applied on top of version 4. Review and save when ready.");
  });

  it("re-applied with overrides names the fields where mine replaced theirs", () => {
    expect(reappliedNotice(4, ["temperature", "tools[0].name"])).toBe(
      "Your changes are re-applied on top of version 4. Your values replaced theirs in: temperature, tools[0].name. Review and save when ready.",
    );
  });
});

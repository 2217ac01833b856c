import { describe, expect, it } from "vitest";
import { describeFilterCount } from "./filter";
import { formatCount } from "@/lib/format/count";
import { filesStatusText } from "./list-messages";

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

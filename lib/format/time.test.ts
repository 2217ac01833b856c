import { describe, expect, it } from "vitest";
import { formatWait } from "./time";

describe("formatWait", () => {
  it("rounds up, in the largest unit that reads well", () => {
    expect(formatWait(0)).toBe("1 second");
    expect(formatWait(1)).toBe("1 second");
    expect(formatWait(41.2)).toBe("42 seconds");
    expect(formatWait(60)).toBe("1 minute");
    expect(formatWait(61)).toBe("2 minutes");
    expect(formatWait(900)).toBe("15 minutes");
    expect(formatWait(754)).toBe("13 minutes");
    expect(formatWait(2 * 3600)).toBe("2 hours");
  });
});

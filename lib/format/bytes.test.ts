import { describe, expect, it } from "vitest";
import { formatByteLimit, formatBytes, formatExactBytes } from "./bytes";
import { formatCount } from "./count";

describe("formatBytes", () => {
  it.each([
    [0, "0 B"],
    [1, "1 B"],
    [999, "999 B"],
    [1000, "1.0 KB"],
    [1024, "1.0 KB"],
    [1536, "1.5 KB"],
    [10_240, "10 KB"],
    [1_023_000, "999 KB"],
    [1_023_999, "1.0 MB"],
    [1_024_000, "1.0 MB"],
    [12_345_678, "12 MB"],
    [104_857_600, "100 MB"],
    [5_500_000_000, "5.1 GB"],
  ])("%d bytes -> %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it("says unknown for nonsense", () => {
    expect(formatBytes(-1)).toBe("unknown");
    expect(formatBytes(Number.NaN)).toBe("unknown");
  });
});

describe("formatExactBytes", () => {
  it("groups digits and pluralises", () => {
    expect(formatExactBytes(1_024_000)).toBe("1,024,000 bytes");
    expect(formatExactBytes(1)).toBe("1 byte");
    expect(formatExactBytes(0)).toBe("0 bytes");
  });
});

describe("formatByteLimit", () => {
  it("names a limit in the largest unit that divides it, else in bytes", () => {
    expect(formatByteLimit(1024 * 1024)).toBe("1 MB");
    expect(formatByteLimit(100 * 1024 * 1024)).toBe("100 MB");
    expect(formatByteLimit(512 * 1024)).toBe("512 KB");
    expect(formatByteLimit(1500)).toBe("1,500 bytes");
  });
});

describe("formatCount", () => {
  it("groups thousands without Intl", () => {
    expect([formatCount(0), formatCount(999), formatCount(1000), formatCount(1234567), formatCount(-45678), formatCount(null)]).toEqual(["0", "999", "1,000", "1,234,567", "-45,678", "—"]);
    expect(formatCount(8200)).toBe("8,200");
  });
});

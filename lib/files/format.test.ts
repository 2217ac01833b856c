import { describe, expect, it } from "vitest";
import { formatExactTime, formatRelativeTime } from "@/lib/format/time";
import { formatBytes, formatCount, formatExactBytes } from "./format-size";
import { describeMime } from "./mime";

describe("formatBytes", () => {
  it.each([
    [0, "0 B"],
    [1, "1 B"],
    [999, "999 B"],
    [1000, "1.0 kB"],
    [1536, "1.5 kB"],
    [10_000, "10 kB"],
    [999_499, "999 kB"],
    [999_999, "1.0 MB"],
    [1_024_000, "1.0 MB"],
    [12_345_678, "12 MB"],
    [100_000_000, "100 MB"],
    [5_500_000_000, "5.5 GB"],
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

  it("formats counts", () => {
    expect(formatCount(8200)).toBe("8,200");
  });
});

describe("created column times", () => {
  const now = Date.parse("2025-06-15T12:00:00Z");

  it("reads relative to now", () => {
    expect(formatRelativeTime("2025-06-15T11:59:30Z", now)).toBe("30 seconds ago");
    expect(formatRelativeTime("2025-06-15T09:00:00Z", now)).toBe("3 hours ago");
    expect(formatRelativeTime("2025-06-14T12:00:00Z", now)).toBe("yesterday");
    expect(formatRelativeTime("2025-03-15T12:00:00Z", now)).toBe("3 months ago");
  });

  it("shows the exact instant in UTC", () => {
    expect(formatExactTime("2025-01-01T00:00:00Z")).toBe("Jan 1, 2025, 12:00:00 AM UTC");
  });

  it("does not crash on a malformed timestamp", () => {
    expect(formatRelativeTime("not a date", now)).toBe("unknown");
    expect(formatExactTime("not a date")).toBe("unknown");
  });
});

describe("describeMime", () => {
  it.each([
    ["application/pdf", "pdf", "PDF"],
    ["image/png", "image", "PNG image"],
    ["image/jpeg", "image", "JPEG image"],
    ["audio/mpeg", "audio", "MP3 audio"],
    ["audio/flac", "audio", "FLAC audio"],
    ["text/csv", "spreadsheet", "CSV"],
    ["text/markdown; charset=utf-8", "text", "Markdown"],
    ["application/x-ndjson", "data", "NDJSON"],
    ["APPLICATION/JSON", "data", "JSON"],
    ["application/vnd.openxmlformats-officedocument.wordprocessingml.document", "document", "Word document"],
    ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "spreadsheet", "Excel workbook"],
    ["application/vnd.openxmlformats-officedocument.presentationml.presentation", "presentation", "PowerPoint deck"],
    ["application/vnd.api+json", "data", "JSON"],
    ["application/x-thing", "other", "thing"],
    ["", "other", "Unknown"],
  ])("%s -> %s / %s", (mime, kind, label) => {
    expect(describeMime(mime)).toEqual({ kind, label });
  });
});

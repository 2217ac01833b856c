import { describe, expect, it } from "vitest";
import { formatExactTime, formatRelativeTime } from "@/lib/format/time";
import { describeMime } from "./mime";

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

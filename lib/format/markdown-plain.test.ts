import { describe, expect, it } from "vitest";
import { markdownToPlain } from "./markdown-plain";

describe("markdownToPlain", () => {
  it("drops emphasis, code, link syntax and line-start markers", () => {
    expect(markdownToPlain("**Cache-Control** sets `max-age`")).toBe("Cache-Control sets max-age");
    expect(markdownToPlain("an *ETag* or _tag_ and [the guide](https://x.example/a)")).toBe("an ETag or tag and the guide");
    expect(markdownToPlain("## Heading\n- item one\n> quoted\n2. second")).toBe("Heading\nitem one\nquoted\nsecond");
  });

  it("keeps what is not Markdown: products of numbers, snake_case, a lone star", () => {
    expect(markdownToPlain("2 * 3 = 6 and max_age_seconds")).toBe("2 * 3 = 6 and max_age_seconds");
    // A span cut mid-emphasis keeps no stray markers.
    expect(markdownToPlain("**Cache-Control tells")).toBe("Cache-Control tells");
  });
});

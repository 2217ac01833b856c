import { describe, expect, it } from "vitest";
import { splitSentences } from "./sentences";

const texts = (text: string) => splitSentences(text).map((s) => s.text);

describe("splitSentences", () => {
  it("splits prose at sentence ends but not at abbreviations, initials or decimals", () => {
    expect(texts("Paris is the capital. It has 2.1 million people! Is it big? Yes, e.g. by area. Dr. Smith agrees with J. R. R. Tolkien.")).toEqual([
      "Paris is the capital.",
      "It has 2.1 million people!",
      "Is it big?",
      "Yes, e.g. by area.",
      "Dr. Smith agrees with J. R. R. Tolkien.",
    ]);
  });

  it("does not split before a lowercase word or inside a URL", () => {
    expect(texts("See example.com for more. the rest continues. Then https://a.b/c.d ends.")).toEqual(["See example.com for more. the rest continues.", "Then https://a.b/c.d ends."]);
  });

  it("treats Markdown list items, headings and paragraphs as boundaries, and drops rules", () => {
    const text = "# Summary\n\nFirst point\ncontinues here.\n\n- item one\n- item two. With more\n1. numbered\n\n---\n> quoted";
    expect(texts(text)).toEqual(["# Summary", "First point\ncontinues here.", "- item one", "- item two.", "With more", "1. numbered", "> quoted"]);
  });

  it("does not take an ordered list's number for a sentence", () => {
    expect(texts("1. The first step. Then more.\n2. Second step")).toEqual(["1. The first step.", "Then more.", "2. Second step"]);
  });

  it("returns offsets into the text", () => {
    const text = "  One.  Two. ";
    for (const s of splitSentences(text)) expect(text.slice(s.start, s.end)).toBe(s.text);
    expect(splitSentences("")).toEqual([]);
  });
});

import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { buildOffsetIndex, codePointToStringIndex, extendOffsetIndex, toStringIndex } from "./offsets";
import { resolveSpans, type SpanIssue } from "./spans";
import { segmentText, type Segment } from "./segments";
import { blockDisplay, splitBlocks } from "./blocks";
import { groupSources } from "./sources";
import { safeHttpUrl } from "./url";

// Pieces chosen to break naive offset handling: astral emoji (two code units), a ZWJ family,
// flags, combining accents (their own code points), CJK, newlines and spaces.
const PIECES = ["a", "b", "Z", " ", "\n", "é", "e\u0301", "\u0301", "😀", "👩‍👩‍👧", "🇫🇷", "漢", "𝒳", ".", "ß"];
const textArb = fc.array(fc.constantFrom(...PIECES), { maxLength: 120, size: "max" }).map((pieces) => pieces.join(""));
const urlArb = fc.constantFrom("https://a.example/x", "https://b.example/y", "http://c.example/", "javascript:alert(1)");

function cps(text: string): string[] {
  return Array.from(text);
}

const annotationArb = (max: number) =>
  fc.record({
    type: fc.constant("url_citation" as const),
    url: urlArb,
    start_index: fc.integer({ min: -3, max: max + 3 }),
    end_index: fc.integer({ min: -3, max: max + 3 }),
  });

const caseArb = textArb.chain((text) =>
  fc.tuple(fc.constant(text), fc.array(annotationArb(cps(text).length), { maxLength: 12, size: "max" })),
);

function assertCovers(text: string, segments: Segment[], from = 0, to = text.length) {
  let at = from;
  for (const segment of segments) {
    expect(segment.start).toBe(at);
    expect(segment.end).toBeGreaterThan(segment.start);
    expect(segment.text).toBe(text.slice(segment.start, segment.end));
    at = segment.end;
  }
  expect(at).toBe(to);
}

describe("code point offsets", () => {
  it("maps every code point offset to the start of that code point", () => {
    fc.assert(
      fc.property(textArb, (text) => {
        const points = cps(text);
        const index = buildOffsetIndex(text);
        let expected = 0;
        for (let cp = 0; cp <= points.length; cp += 1) {
          expect(toStringIndex(index, cp)).toBe(expected);
          expected += points[cp]?.length ?? 0;
        }
      }),
    );
  });

  it("handles long astral texts past several checkpoints", () => {
    const text = "😀a".repeat(700) + "e\u0301".repeat(300);
    const points = cps(text);
    for (const cp of [0, 1, 255, 256, 257, 511, 1000, 1399, 1400, 1401, points.length]) {
      expect(codePointToStringIndex(text, cp)).toBe(points.slice(0, cp).join("").length);
    }
  });

  it("extends incrementally to the same index as a fresh build, even when a delta splits a surrogate pair", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 700, size: "max" }), fc.array(fc.nat(), { maxLength: 40 }), (pieces, cuts) => {
        const text = pieces.join("");
        const positions = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        let index = extendOffsetIndex(null, "");
        for (const position of [...positions, text.length]) index = extendOffsetIndex(index, text.slice(0, position));
        const fresh = buildOffsetIndex(text);
        expect(index.codePoints).toBe(fresh.codePoints);
        for (let cp = 0; cp <= fresh.codePoints; cp += 7) expect(toStringIndex(index, cp)).toBe(toStringIndex(fresh, cp));
      }),
      { numRuns: 60 },
    );
  });

  it("clamps and never splits a pair in UTF-16 mode", () => {
    const index = buildOffsetIndex("a😀b");
    expect(toStringIndex(index, 2, "utf16")).toBe(1);
    expect(toStringIndex(index, 99, "utf16")).toBe(4);
    expect(toStringIndex(index, -4, "utf16")).toBe(0);
  });
});

describe("segments", () => {
  it("cover the text exactly once, in order, and every valid annotation maps to exactly its span", () => {
    fc.assert(
      fc.property(caseArb, ([text, annotations]) => {
        const warn = vi.fn();
        const { spans } = resolveSpans(text, annotations, { warn });
        const segments = segmentText(text, spans);
        assertCovers(text, segments);
        expect(segments.map((s) => s.text).join("")).toBe(text);

        const points = cps(text);
        const seen = new Set<string>();
        annotations.forEach((annotation, key) => {
          const { start_index: s, end_index: e, url } = annotation;
          const valid = s >= 0 && e <= points.length && s < e && !seen.has(`${s}:${e}:${url}`);
          if (s < e && s >= 0 && e <= points.length) seen.add(`${s}:${e}:${url}`);
          const span = spans.find((candidate) => candidate.key === key);
          if (!valid) return;
          expect(span).toBeDefined();
          const covered = segments.filter((segment) => segment.spanKeys.includes(key));
          expect(covered.map((segment) => segment.text).join("")).toBe(points.slice(s, e).join(""));
          expect(covered[0].start).toBe(span!.start);
          expect(covered[covered.length - 1].end).toBe(span!.end);
          // Contiguous: no plain segment between the first and last covered one.
          for (let i = 1; i < covered.length; i += 1) expect(covered[i].start).toBe(covered[i - 1].end);
          // Exactly one marker, after the span's last segment.
          const markers = segments.filter((segment) => segment.endingKeys.includes(key));
          expect(markers).toEqual([covered[covered.length - 1]]);
        });
      }),
      { numRuns: 400 },
    );
  });

  it("segmenting block by block gives the same coverage and markers as one piece", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES, "word ", "line\n", "y".repeat(60)), { minLength: 100, maxLength: 900, size: "max" }).chain((pieces) => {
          const text = pieces.join("");
          return fc.tuple(fc.constant(text), fc.array(annotationArb(cps(text).length), { minLength: 5, maxLength: 30 }));
        }),
        ([text, annotations]) => {
          const { spans } = resolveSpans(text, annotations, { warn: () => {} });
          const whole = segmentText(text, spans);
          const pieces = splitBlocks(text).flatMap((block) => {
            const segments = segmentText(text, spans, block.start, block.end);
            assertCovers(text, segments, block.start, block.end);
            return segments;
          });
          const coverage = (segments: Segment[]) => {
            const out: string[] = [];
            for (const segment of segments) for (let i = segment.start; i < segment.end; i += 1) out.push(segment.spanKeys.join(","));
            return out;
          };
          const markers = (segments: Segment[]) => segments.flatMap((s) => s.endingKeys.map((key) => `${key}@${s.end}`));
          expect(coverage(pieces)).toEqual(coverage(whole));
          expect(markers(pieces)).toEqual(markers(whole));
        },
      ),
      { numRuns: 80 },
    );
  });

  it("never throws on hostile offsets and warns for each dropped or clamped one", () => {
    const text = "Hello 😀 world";
    const warn = vi.fn<(message: string, issue: SpanIssue) => void>();
    const annotations = [
      { url: "https://a.example", start_index: 5, end_index: 2 },
      { url: "https://a.example", start_index: Number.NaN, end_index: 2 },
      { url: "https://a.example", start_index: 1.5, end_index: 2 },
      { url: "https://a.example", start_index: 40, end_index: 50 },
      { url: "https://a.example", start_index: -2, end_index: 3 },
      { url: "https://a.example", start_index: 8, end_index: 99 },
      { url: "https://a.example", start_index: 3, end_index: 3 },
      { url: "https://a.example", start_index: 6, end_index: 7 },
      { url: "https://a.example", start_index: 6, end_index: 7 },
    ];
    const { spans, issues } = resolveSpans(text, annotations, { warn });
    expect(issues.map((i) => `${i.key}:${i.action}:${i.reason}`)).toEqual([
      "0:dropped:inverted",
      "1:dropped:not-integer",
      "2:dropped:not-integer",
      "3:dropped:beyond-end",
      "4:clamped:start-below-zero",
      "5:clamped:end-beyond-text",
      "6:dropped:empty",
      "8:dropped:duplicate",
    ]);
    expect(warn).toHaveBeenCalledTimes(8);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(["Hel", "world", "😀"]);
  });

  it("uses console.warn by default", () => {
    const spy = vi.spyOn(console, "warn").mockImplementation(() => {});
    resolveSpans("abc", [{ start_index: 2, end_index: 1 }]);
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
  });

  it("while streaming, waits for text instead of warning", () => {
    const warn = vi.fn();
    const { spans, pending } = resolveSpans("Hello", [{ start_index: 3, end_index: 9 }, { start_index: 7, end_index: 9 }], { streaming: true, warn });
    expect(warn).not.toHaveBeenCalled();
    expect(pending).toBe(1);
    expect(spans).toHaveLength(1);
    expect(spans[0]).toMatchObject({ start: 3, end: 5 });
  });

  it("keeps overlapping spans and gives the overlap both keys", () => {
    const text = "abcdefgh";
    const { spans } = resolveSpans(text, [
      { url: "u1", start_index: 0, end_index: 5 },
      { url: "u2", start_index: 3, end_index: 8 },
    ]);
    expect(segmentText(text, spans).map((s) => [s.text, s.spanKeys.join("+"), s.endingKeys.join("+")])).toEqual([
      ["abc", "0", ""],
      ["de", "0+1", "0"],
      ["fgh", "1", "1"],
    ]);
  });
});

describe("blocks", () => {
  it("cover the text and keep closed blocks identical as the text grows", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES, "word ", "line\n", "x".repeat(90)), { maxLength: 400, size: "max" }), fc.array(fc.nat(), { maxLength: 30 }), (pieces, cuts) => {
        const text = pieces.join("");
        const positions = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        let state = { text: "", blocks: splitBlocks("") };
        for (const position of [...positions, text.length]) {
          const next = text.slice(0, position);
          const blocks = splitBlocks(next, state);
          for (let i = 0; i < state.blocks.length - 1; i += 1) expect(blocks[i]).toBe(state.blocks[i]);
          state = { text: next, blocks };
        }
        expect(state.blocks).toEqual(splitBlocks(text));
        let at = 0;
        for (const block of state.blocks) {
          expect(block.start).toBe(at);
          at = block.end;
          // A block boundary never splits a surrogate pair.
          const code = text.charCodeAt(block.start);
          if (block.start > 0) expect(code >= 0xdc00 && code <= 0xdfff).toBe(false);
        }
        expect(at).toBe(text.length);
      }),
      { numRuns: 80 },
    );
  });
});

describe("block display", () => {
  it("makes paragraph blocks boxes and lets a paragraph split for length flow inline", () => {
    const paragraph = `${"word ".repeat(80)}\n`;
    const long = "x ".repeat(1200);
    const text = paragraph + paragraph + long + "end\n" + "tail";
    const blocks = splitBlocks(text);
    const kinds = blocks.map((_, i) => blockDisplay(text, blocks, i));
    expect(blocks.map((b) => text.slice(b.start, b.end)).join("")).toBe(text);
    expect(kinds[0]).toBe("block");
    expect(kinds[1]).toBe("block");
    // The long paragraph is cut without a line break: its pieces are inline.
    const longStart = blocks.findIndex((b) => b.start === paragraph.length * 2);
    expect(kinds[longStart]).toBe("inline");
    expect(kinds[longStart + 1]).toBe("inline");
    expect(kinds[kinds.length - 1]).toBe("block");
  });
});

describe("sources", () => {
  it("keeps every span when one URL is cited several times, numbered by first appearance", () => {
    const text = "one two three four";
    const { spans } = resolveSpans(text, [
      { url: "https://b.example", start_index: 8, end_index: 13, title: "B" },
      { url: "https://a.example", start_index: 0, end_index: 3, title: "A", content: "excerpt" },
      { url: "https://a.example", start_index: 14, end_index: 18 },
      { url: "https://a.example", start_index: 4, end_index: 7 },
    ]);
    const sources = groupSources(spans);
    expect(sources.map((s) => [s.number, s.url, s.spanKeys])).toEqual([
      [1, "https://a.example", [1, 3, 2]],
      [2, "https://b.example", [0]],
    ]);
    expect(sources[0]).toMatchObject({ title: "A", excerpt: "excerpt", host: "a.example" });
  });
});

describe("safe URLs", () => {
  it("allows only http and https", () => {
    expect(safeHttpUrl("https://example.com/a?b#c")).toBe("https://example.com/a?b#c");
    expect(safeHttpUrl("http://example.com")).toBe("http://example.com/");
    for (const bad of ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,<b>", "/relative", "ftp://x", "", "vbscript:x"]) {
      expect(safeHttpUrl(bad)).toBeNull();
    }
  });
});

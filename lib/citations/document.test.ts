import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CitedDocumentBuilder, type CitedDocument } from "./document";

const PIECES = ["a", " ", "word ", "line\n", "\n\n", "😀", "e\u0301", "漢", "x".repeat(200)];

interface Citation {
  url: string;
  start_index: number;
  end_index: number;
}

function shape(doc: CitedDocument<Citation>) {
  return {
    text: doc.text,
    spans: doc.spans.map((s) => [s.key, s.start, s.end]),
    sources: doc.sources.map((s) => [s.number, s.url, s.spanKeys]),
    blocks: doc.blocks.map((b) => [b.block.start, b.block.end, b.display, b.signature]),
  };
}

describe("CitedDocumentBuilder", () => {
  it("streamed step by step gives the same document as a fresh build at every step", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { minLength: 5, maxLength: 200, size: "max" }),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 40 }), fc.integer({ min: 0, max: 5 })), { maxLength: 30 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 25 }),
        (pieces, rawCitations, cuts) => {
          const text = pieces.join("");
          const length = Array.from(text).length;
          const citations: Citation[] = rawCitations.map(([start, span, source]) => ({
            url: `https://s${source}.example/`,
            start_index: start % (length + 5),
            end_index: (start % (length + 5)) + span + 1,
          }));
          const builder = new CitedDocumentBuilder<Citation>(() => {});
          // Deltas arrive as decoded UTF-8, which cannot end between the two halves of a surrogate
          // pair: a cut there moves back to the pair's start.
          const whole = (at: number) => (at > 0 && /[\ud800-\udbff]/.test(text[at - 1]) ? at - 1 : at);
          const steps = [...new Set(cuts.map((c) => whole(c % (text.length + 1))))].sort((a, b) => a - b);
          steps.push(text.length);
          let shown: Citation[] = [];
          let previous: CitedDocument<Citation> | null = null;
          steps.forEach((at, step) => {
            // Citations arrive over time; the list object changes only when one does.
            const arrived = citations.slice(0, Math.round(((step + 1) / steps.length) * citations.length));
            if (arrived.length !== shown.length) shown = arrived;
            const streaming = step < steps.length - 1;
            const prefix = text.slice(0, at);
            const doc = builder.document(prefix, shown, streaming);
            const fresh = new CitedDocumentBuilder<Citation>(() => {}).document(prefix, shown, streaming);
            expect(shape(doc)).toEqual(shape(fresh));
            // Blocks that did not change keep their view object (memoised renderers skip them).
            if (previous && previous.spans === doc.spans) {
              for (let i = 0; i < previous.blocks.length - 1; i += 1) expect(doc.blocks[i]).toBe(previous.blocks[i]);
            }
            previous = doc;
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it("starts over when the text is replaced instead of extended", () => {
    const builder = new CitedDocumentBuilder<Citation>(() => {});
    const cite = [{ url: "https://a.example/", start_index: 2, end_index: 4 }];
    builder.document("😀😀abcd", cite, true);
    const doc = builder.document("abcdef", cite, false);
    expect(doc.spans.map((s) => doc.text.slice(s.start, s.end))).toEqual(["cd"]);
  });
});

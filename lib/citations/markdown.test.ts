import fc from "fast-check";
import type { Root, RootContent } from "hast";
import { describe, expect, it } from "vitest";
import { CitedDocumentBuilder } from "./document";
import { splitMarkdownBlocks } from "./markdown-blocks";
import { footnoteInserts } from "./markdown-footnotes";
import { markdownToHast } from "./markdown-hast";
import { highlightCitations, type LocalSpan } from "./markdown-highlight";
import { healOpenBlock } from "./markdown-stream";
import { codePointToStringIndex } from "./offsets";

/** Text of the marks of each span key, in document order (markers excluded). */
function markedText(tree: Root): Map<number, string> {
  const out = new Map<number, string>();
  const walk = (node: Root | RootContent, keys: number[]) => {
    if (node.type === "text") {
      for (const key of keys) out.set(key, (out.get(key) ?? "") + node.value);
      return;
    }
    if (node.type !== "root" && node.type !== "element") return;
    let inner = keys;
    if (node.type === "element" && node.tagName === "mark") inner = String(node.properties.dataSpanKeys).split(" ").map(Number);
    if (node.type === "element" && node.tagName === "sup") return;
    for (const child of node.children) walk(child, inner);
  };
  walk(tree, []);
  return out;
}

function textOf(node: Root | RootContent): string {
  if (node.type === "text") return node.value;
  if (node.type === "root" || node.type === "element") return node.children.map(textOf).join("");
  return "";
}

function find(node: Root | RootContent, tag: string): RootContent[] {
  if (node.type !== "root" && node.type !== "element") return [];
  const here = node.type === "element" && node.tagName === tag ? [node] : [];
  return [...here, ...node.children.flatMap((child) => find(child, tag))];
}

/** Highlights `source` with spans given as [first cited text, last cited text] pairs. */
function highlight(source: string, spans: [string, string][] | LocalSpan[], valid = source.length) {
  const local: LocalSpan[] = spans.map((span, key) =>
    Array.isArray(span) ? { key, start: source.indexOf(span[0]), end: source.indexOf(span[1], source.indexOf(span[0])) + span[1].length } : span,
  );
  const tree = markdownToHast(source);
  highlightCitations(tree, source, { spans: local, numberBySpan: new Map(local.map((span) => [span.key, span.key + 1])), valid, markerLimit: source.length });
  return { tree, marked: markedText(tree) };
}

describe("Markdown blocks", () => {
  it("close at blank lines before an unindented line, never inside a fence or before an indented line", () => {
    const text = "# Title\n\nPara one\nstill one\n\n- a\n\n  more of a\n\n```\ncode\n\nmore code\n```\n\n| t |\n|---|\n\nlast";
    const blocks = splitMarkdownBlocks(text).map((b) => text.slice(b.start, b.end));
    expect(blocks).toEqual(["# Title\n\n", "Para one\nstill one\n\n", "- a\n\n  more of a\n\n", "```\ncode\n\nmore code\n```\n\n", "| t |\n|---|\n\n", "last"]);
  });

  it("grow incrementally into the same blocks, keeping closed ones as the same objects", () => {
    const pieces = ["# H", "\n\n", "para **b", "old**", "\n\n", "```js\nx", "\n\ny\n", "```", "\n\n- a", "\n- b", "\n\nend"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (chosen) => {
        let text = "";
        let previous: { text: string; blocks: ReturnType<typeof splitMarkdownBlocks> } | undefined;
        for (const piece of chosen) {
          text += piece;
          const blocks = splitMarkdownBlocks(text, previous);
          if (previous) for (let i = 0; i < previous.blocks.length - 1; i += 1) expect(blocks[i]).toBe(previous.blocks[i]);
          expect(blocks.map((b) => [b.start, b.end])).toEqual(splitMarkdownBlocks(text).map((b) => [b.start, b.end]));
          previous = { text, blocks };
        }
      }),
    );
  });

  it("are used by the document builder in markdown layout, one box each", () => {
    const doc = new CitedDocumentBuilder(() => {}, "markdown").document("A\n\nB\n\nC", [], false);
    expect(doc.blocks.map((view) => [view.block.start, view.block.end, view.display])).toEqual([[0, 3, "block"], [3, 6, "block"], [6, 7, "block"]]);
  });
});

describe("Markdown highlights", () => {
  it("skip emphasis, link and code span syntax inside a span", () => {
    const { marked, tree } = highlight("Intro **bold claim** and [link text](https://x.example/) with `code` end.", [["bold", "cod"]]);
    expect(marked.get(0)).toBe("bold claim and link text with cod");
    expect(find(tree, "sup").map(textOf)).toEqual(["[1]"]);
    expect(find(tree, "a")[0]).toMatchObject({ properties: { href: "https://x.example/", target: "_blank", rel: ["noopener", "noreferrer"] } });
  });

  it("cross list item boundaries without the markers", () => {
    expect(highlight("- first item\n- second *item*\n- [ ] task three", [["item", "three"]]).marked.get(0)).toBe("itemsecond itemtask three");
  });

  it("cover code blocks (after the fence line, whatever the info string) and table cells", () => {
    const source = "```css\ncolor: red;\ncss: yes\n```\n\n| a | b \\| c |\n|---|---|\n| &amp; 1 | 2 |";
    const { marked } = highlight(source, [["color", "css: y"], ["b \\|", "2"]]);
    expect(marked.get(0)).toBe("color: red;\ncss: y");
    expect(marked.get(1)).toBe("b | c& 12");
  });

  it("count astral characters, combining marks and CJK correctly", () => {
    const source = "😀 **日本語** e\u0301 *👩‍👩‍👧 x*";
    const { marked } = highlight(source, [["日本", "\u0301"], ["👩", "👧"]]);
    expect(marked.get(0)).toBe("日本語 e\u0301");
    expect(marked.get(1)).toBe("👩‍👩‍👧");
  });

  it("show raw HTML as text, drop unsafe links and never load images", () => {
    const source = 'Hi <img src=x onerror="alert(1)"> [x](javascript:alert(1)) ![pic](https://t.example/p.png) <script>alert(2)</script>';
    const { tree, marked } = highlight(source, [["<img", "</script>"]]);
    expect(find(tree, "img")).toEqual([]);
    expect(find(tree, "script")).toEqual([]);
    expect(find(tree, "a")).toEqual([]);
    expect(textOf(tree)).toContain('<img src=x onerror="alert(1)">');
    expect(marked.get(0)).toBe('<img src=x onerror="alert(1)"> x pic <script>alert(2)</script>');
  });

  it("mark a span ending inside a construct that is still open while streaming", () => {
    const open = "Some **bold te";
    const healed = healOpenBlock(open);
    expect(healed.source).toBe("Some **bold te**");
    const span = { key: 0, start: open.indexOf("bold"), end: open.length };
    const tree = markdownToHast(healed.source);
    highlightCitations(tree, healed.source, { spans: [span], numberBySpan: new Map([[0, 1]]), valid: healed.valid, markerLimit: open.length });
    expect(find(tree, "strong").map(textOf)).toEqual(["bold te[1]"]);
    expect(markedText(tree).get(0)).toBe("bold te");
    // A table head waits for its delimiter row; a lone list marker for its text.
    expect(healOpenBlock("| a | b |\n|--").source).toBe("");
    expect(healOpenBlock("text\n- ").source).toBe("text\n");
  });
});

/*
 * Property: for random Markdown built from pieces that are either content (rendered as written)
 * or syntax, and random spans, each span highlights exactly its content characters, in order,
 * rendered block by block as the playground does.
 */
interface Piece {
  src: string;
  /** What it renders to (at its first source character); "" for syntax. */
  render: string;
}
const content = (src: string): Piece => ({ src, render: src });
const syntax = (src: string): Piece => ({ src, render: "" });

const WORDS = ["alpha", "Beta", "é", "e\u0301x", "😀", "漢字", "👩‍👩‍👧", "ß", "naïve", "x2", "🇫🇷"];
const wordArb = fc.constantFrom(...WORDS);
const inlineTokenArb: fc.Arbitrary<Piece[]> = fc.oneof(
  wordArb.map((w) => [content(w)]),
  wordArb.map((w) => [syntax("**"), content(w), syntax("**")]),
  wordArb.map((w) => [syntax("*"), content(w), syntax("*")]),
  wordArb.map((w) => [syntax("~~"), content(w), syntax("~~")]),
  wordArb.map((w) => [syntax("`"), content(w), syntax("`")]),
  wordArb.map((w) => [syntax("["), content(w), syntax("](https://x.example/p)")]),
  fc.constant<Piece[]>([syntax("\\"), content("*")]),
  fc.constant<Piece[]>([{ src: "&amp;", render: "&" }]),
);
const inlineArb = fc.array(inlineTokenArb, { minLength: 1, maxLength: 5 }).map((tokens) => tokens.flatMap((t, i) => (i === 0 ? t : [content(" "), ...t])));
const codeLineArb = fc.array(wordArb, { minLength: 1, maxLength: 3 }).map((ws) => ws.join(" "));
const blockArb: fc.Arbitrary<Piece[]> = fc.oneof(
  inlineArb,
  inlineArb.map((inline) => [syntax("## "), ...inline]),
  inlineArb.map((inline) => [syntax("> "), ...inline]),
  fc.array(inlineArb, { minLength: 1, maxLength: 3 }).map((items) => items.flatMap((item, i) => [syntax(i === 0 ? "- " : "\n- "), ...item])),
  fc.array(codeLineArb, { minLength: 1, maxLength: 3 }).map((lines) => [syntax("```\n"), ...lines.flatMap((line) => [content(line), content("\n")]), syntax("```")]),
  fc.tuple(inlineArb, inlineArb, inlineArb, inlineArb).map(([a, b, c, d]) => [
    syntax("| "), ...a, syntax(" | "), ...b, syntax(" |\n|---|---|\n| "), ...c, syntax(" | "), ...d, syntax(" |"),
  ]),
);
const docArb = fc.array(blockArb, { minLength: 1, maxLength: 5 }).map((blocks) => blocks.flatMap((b, i) => (i === 0 ? b : [syntax("\n\n"), ...b])));

describe("Markdown highlights (property)", () => {
  it("equal the source range minus syntax for every span, block by block", () => {
    fc.assert(
      fc.property(
        docArb.chain((pieces) => {
          const source = pieces.map((p) => p.src).join("");
          const points = Array.from(source).length;
          const spanArb = fc.tuple(fc.integer({ min: 0, max: points }), fc.integer({ min: 0, max: points })).filter(([a, b]) => a < b);
          return fc.tuple(fc.constant(pieces), fc.array(spanArb, { minLength: 1, maxLength: 6 }));
        }),
        ([pieces, ranges]) => {
          const source = pieces.map((p) => p.src).join("");
          const spans = ranges.map(([a, b], key) => ({ key, start: codePointToStringIndex(source, a), end: codePointToStringIndex(source, b) }));
          const expected = new Map<number, string>();
          let at = 0;
          for (const piece of pieces) {
            if (piece.render === piece.src) {
              for (let i = 0; i < piece.src.length; i += 1) for (const s of spans) if (s.start <= at + i && at + i < s.end) expected.set(s.key, (expected.get(s.key) ?? "") + piece.src[i]);
            } else if (piece.render) {
              for (const s of spans) if (s.start <= at && at < s.end) expected.set(s.key, (expected.get(s.key) ?? "") + piece.render);
            }
            at += piece.src.length;
          }
          const actual = new Map<number, string>();
          for (const block of splitMarkdownBlocks(source)) {
            const text = source.slice(block.start, block.end);
            const local = spans
              .filter((s) => s.start < block.end && s.end > block.start)
              .map((s) => ({ key: s.key, start: Math.max(0, s.start - block.start), end: Math.min(text.length, s.end - block.start) }));
            const tree = markdownToHast(text);
            highlightCitations(tree, text, { spans: local, numberBySpan: new Map(), valid: text.length, markerLimit: text.length });
            for (const [key, value] of markedText(tree)) actual.set(key, (actual.get(key) ?? "") + value);
          }
          for (const span of spans) expect(actual.get(span.key) ?? "", JSON.stringify({ source, span })).toBe(expected.get(span.key) ?? "");
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("footnote places in Markdown", () => {
  it("move out of code spans, links and code blocks, keeping a code block's indentation", () => {
    const source = "See `a code span` and [a link](https://x.example/) here.\n\n- item\n\n  ```js\n  const x = 1;\n  ```\n\nEnd **bold**.";
    const inside = [source.indexOf("code span") + 4, source.indexOf("a link") + 3, source.indexOf("x = 1") + 1, source.indexOf("bold") + 4];
    const places = footnoteInserts(source, inside);
    expect(places[0]).toEqual({ at: source.indexOf("` and") + 1, prefix: "" });
    expect(places[1]).toEqual({ at: source.indexOf(" here."), prefix: "" });
    expect(places[2]).toEqual({ at: source.indexOf("  ```\n\nEnd") + 5, prefix: "\n  " });
    // Emphasis is fine: a reference inside bold still works.
    expect(places[3]).toEqual({ at: inside[3], prefix: "" });
  });
});

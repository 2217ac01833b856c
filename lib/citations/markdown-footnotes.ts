import type { Nodes, Root } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";

/*
 * Where a footnote reference can go in Markdown source. A citation ends after its last cited
 * character, which may be inside a code span, a code block, a link or raw HTML; a `[^n]` written
 * there would be shown as literal text (or break the link). Such an end moves to just after the
 * construct; for a fenced or indented code block, onto a line of its own after it, indented like
 * the block so it stays in the same list item or quote.
 */

const parser = unified().use(remarkParse).use(remarkGfm).freeze();

const ATOMIC = new Set(["inlineCode", "code", "link", "linkReference", "image", "imageReference", "html"]);

export interface FootnoteInsert {
  /** UTF-16 index in the source. */
  at: number;
  /** Written before the reference: "" inline, a line break and indentation after a code block. */
  prefix: string;
}

function atomicRanges(tree: Root): { start: number; end: number; type: string }[] {
  const ranges: { start: number; end: number; type: string }[] = [];
  const walk = (node: Nodes) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (ATOMIC.has(node.type) && start !== undefined && end !== undefined) {
      ranges.push({ start, end, type: node.type });
      return;
    }
    if ("children" in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  return ranges;
}

/** Safe places for references at the given UTF-16 offsets of `source`, in the same order. */
export function footnoteInserts(source: string, offsets: readonly number[]): FootnoteInsert[] {
  const ranges = atomicRanges(parser.parse(source));
  return offsets.map((at) => {
    const inside = ranges.find((range) => range.start < at && at < range.end);
    if (!inside) return { at, prefix: "" };
    if (inside.type !== "code") return { at: inside.end, prefix: "" };
    const lineStart = source.lastIndexOf("\n", inside.start - 1) + 1;
    // The container prefix of the block's first line ("> ", or spaces for a list item's "- ").
    const indent = source.slice(lineStart, inside.start).replace(/[^>\s]/g, " ");
    return { at: inside.end, prefix: `\n${indent}` };
  });
}

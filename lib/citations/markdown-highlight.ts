import type { Element, ElementContent, Root, RootContent, Text } from "hast";
import { alignText } from "./markdown-align";

/*
 * Citation spans on a Markdown syntax tree: every rendered text leaf is aligned with its source
 * (markdown-align.ts), then split where the set of spans covering its characters changes, the
 * covered runs wrapped in <mark> elements. So a span that crosses emphasis, a link, a list item
 * boundary or a code span highlights exactly the characters rendered from its source range and
 * no syntax marker. The numbered marker goes after the last character a span highlights.
 */

/** A span in the coordinates of the parsed source (UTF-16 indices). */
export interface LocalSpan {
  readonly key: number;
  readonly start: number;
  readonly end: number;
}

export interface HighlightOptions {
  spans: readonly LocalSpan[];
  /** Source number of each span key (shown in markers, used for two-way highlighting). */
  numberBySpan: ReadonlyMap<number, number>;
  /** Source offsets from here on were added by healing an open block: never cited text. */
  valid: number;
  /** A span ending after this offset ends in a later block, so its marker is not in this one. */
  markerLimit: number;
  markClassName?: string;
  markerClassName?: string;
}

type ParentNode = Root | Element;

interface Leaf {
  node: Text;
  parent: ParentNode;
  offsets: Int32Array;
}

function offsetOf(point: { offset?: number } | undefined): number | undefined {
  return point?.offset;
}

/** Where the content of a code block starts: after the opening fence line, if it has one. */
function codeContentStart(source: string, from: number, to: number): number {
  if (!/^ {0,3}(`{3,}|~{3,})/.test(source.slice(from, Math.min(to, from + 8)))) return from;
  const newline = source.indexOf("\n", from);
  return newline === -1 || newline >= to ? to : newline + 1;
}

function textLeaves(node: ParentNode, into: { node: Text; parent: ParentNode }[]) {
  for (const child of node.children) {
    if (child.type === "text") into.push({ node: child, parent: node });
    else if (child.type === "element") textLeaves(child, into);
  }
}

/** The text of a code block (highlighted into many leaves, or one) aligned as a whole. */
function collectCode(code: Element, source: string, leaves: Leaf[]) {
  const found: { node: Text; parent: ParentNode }[] = [];
  textLeaves(code, found);
  const whole = found.map((leaf) => leaf.node.value).join("");
  const all = new Int32Array(whole.length).fill(-1);
  const from = offsetOf(code.position?.start);
  const to = offsetOf(code.position?.end);
  if (from !== undefined && to !== undefined) alignText(whole, source, codeContentStart(source, from, to), to, true, all);
  let at = 0;
  for (const leaf of found) {
    leaves.push({ ...leaf, offsets: all.subarray(at, at + leaf.node.value.length) });
    at += leaf.node.value.length;
  }
}

function collect(node: ParentNode, source: string, literal: boolean, leaves: Leaf[]) {
  for (const child of node.children) {
    if (child.type === "text") {
      const offsets = new Int32Array(child.value.length).fill(-1);
      const from = offsetOf(child.position?.start);
      const to = offsetOf(child.position?.end);
      // Text without a position was generated (whitespace between blocks, a line break's newline).
      if (from !== undefined && to !== undefined) alignText(child.value, source, from, to, literal, offsets);
      leaves.push({ node: child, parent: node, offsets });
    } else if (child.type === "element") {
      if (child.tagName === "code" && node.type === "element" && node.tagName === "pre") collectCode(child, source, leaves);
      else collect(child, source, literal || child.tagName === "code", leaves);
    }
  }
}

interface Run {
  from: number;
  to: number;
  keys: readonly number[];
  /** `keys` joined, to compare runs cheaply. */
  signature: string;
  ending: number[];
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Splits one leaf into runs of characters covered by the same spans. */
function runsOf(leaf: Leaf, spans: readonly LocalSpan[], valid: number): Run[] {
  const { offsets } = leaf;
  const value = leaf.node.value;
  const runs: Run[] = [];
  let current: Run | null = null;
  let signature = "";
  let keys: number[] = [];
  for (let i = 0; i < value.length; i += 1) {
    // The second half of a surrogate pair goes with the first: a pair is never split.
    if (i === 0 || !isLowSurrogate(value.charCodeAt(i))) {
      const at = offsets[i];
      keys = at < 0 || at >= valid ? [] : spans.filter((span) => span.start <= at && at < span.end).map((span) => span.key);
      signature = keys.join(" ");
    }
    if (current && current.signature === signature) current.to = i + 1;
    else {
      current = { from: i, to: i + 1, keys, signature, ending: [] };
      runs.push(current);
    }
  }
  return runs;
}

function textNode(value: string): Text {
  return { type: "text", value };
}

/**
 * Wraps the cited characters of `tree` (parsed from `source`) in marks, in place, and returns it.
 * A tree without spans is returned untouched, without aligning anything.
 */
export function highlightCitations(tree: Root, source: string, options: HighlightOptions): Root {
  const spans = options.spans.filter((span) => span.start < Math.min(span.end, options.valid));
  if (spans.length === 0) return tree;
  const leaves: Leaf[] = [];
  collect(tree, source, false, leaves);

  const runsByLeaf = leaves.map((leaf) => runsOf(leaf, spans, options.valid));
  const lastRun = new Map<number, Run>();
  for (const runs of runsByLeaf) for (const run of runs) for (const key of run.keys) lastRun.set(key, run);
  for (const span of spans) {
    const run = lastRun.get(span.key);
    if (run && span.end <= options.markerLimit) run.ending.push(span.key);
  }

  const number = (key: number) => options.numberBySpan.get(key) ?? 0;
  const replacements = new Map<Text, ElementContent[]>();
  const parents = new Set<ParentNode>();
  leaves.forEach((leaf, index) => {
    const runs = runsByLeaf[index];
    if (runs.every((run) => run.keys.length === 0)) return;
    const value = leaf.node.value;
    const out: ElementContent[] = [];
    for (const run of runs) {
      const text = value.slice(run.from, run.to);
      if (run.keys.length === 0) {
        out.push(textNode(text));
        continue;
      }
      out.push({
        type: "element",
        tagName: "mark",
        properties: {
          tabIndex: 0,
          dataSpanKeys: run.keys.join(" "),
          dataSources: [...new Set(run.keys.map(number))].join(" "),
          className: options.markClassName ? [options.markClassName] : [],
        },
        children: [textNode(text)],
      });
      if (run.ending.length > 0) {
        const markers = [...new Set(run.ending.sort((a, b) => a - b).map(number))];
        out.push({
          type: "element",
          tagName: "sup",
          properties: { dataMarker: "", className: options.markerClassName ? [options.markerClassName] : [] },
          children: [textNode(markers.map((n) => `[${n}]`).join(""))],
        });
      }
    }
    replacements.set(leaf.node, out);
    parents.add(leaf.parent);
  });
  for (const parent of parents) {
    parent.children = parent.children.flatMap((child) => (child.type === "text" && replacements.has(child) ? replacements.get(child)! : [child])) as RootContent[] & ElementContent[];
  }
  return tree;
}

const VOID = new Set(["br", "hr", "img", "input"]);

/** Appends `node` (the streaming cursor) at the end of the last text line of the tree. */
export function appendAtEnd(tree: Root, node: Element): void {
  let parent: ParentNode = tree;
  for (;;) {
    const last: RootContent | undefined = [...parent.children].reverse().find((child) => !(child.type === "text" && child.value.trim() === "" && !child.position));
    if (!last || last.type !== "element" || VOID.has(last.tagName) || last.tagName === "sup" || last.tagName === "mark") break;
    parent = last;
  }
  (parent.children as ElementContent[]).push(node);
}

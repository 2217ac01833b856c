import { blockDisplay, splitBlocks, type TextBlock } from "./blocks";
import { splitMarkdownBlocks } from "./markdown-blocks";
import { extendOffsetIndex, type OffsetIndex } from "./offsets";
import { groupSources, sourceNumberBySpan, type CitedSource, type SourceAnnotation } from "./sources";
import { resolveSpans, type CitationSpan } from "./spans";

/*
 * Text + annotations -> render blocks, each with the spans it shows and a signature that changes
 * exactly when what it shows changes. Built for streaming: the builder keeps the offset index, the
 * blocks, converted offsets and its last document, so a delta that brings text but no citation
 * costs the work of the last block, whatever the length of the answer.
 */

export interface BlockView<A extends SourceAnnotation = SourceAnnotation> {
  readonly block: TextBlock;
  readonly display: "block" | "inline";
  readonly spans: readonly CitationSpan<A>[];
  /** Changes exactly when what the block shows changes (its spans and their numbers). */
  readonly signature: string;
}

export interface CitedDocument<A extends SourceAnnotation = SourceAnnotation> {
  readonly text: string;
  readonly spans: readonly CitationSpan<A>[];
  readonly sources: readonly CitedSource[];
  readonly numberBySpan: ReadonlyMap<number, number>;
  readonly blocks: readonly BlockView<A>[];
}

interface Snapshot<A extends SourceAnnotation> {
  doc: CitedDocument<A>;
  annotations: readonly A[];
  streaming: boolean;
  /** Every span lies wholly inside the text: none is cut at the end or waiting for text. */
  settled: boolean;
}

/**
 * "text": blocks for the source as written (line-based, pre-wrapped); "markdown": top-level
 * Markdown blocks, each parsed and rendered on its own (markdown-blocks.ts).
 */
export type DocumentLayout = "text" | "markdown";

type Display = (text: string, blocks: readonly TextBlock[], index: number) => "block" | "inline";

function viewOf<A extends SourceAnnotation>(display: Display, text: string, blocks: readonly TextBlock[], index: number, spans: readonly CitationSpan<A>[], numberBySpan: ReadonlyMap<number, number>): BlockView<A> {
  const block = blocks[index];
  const inside = spans.filter((span) => span.start < block.end && span.end > block.start);
  return {
    block,
    display: display(text, blocks, index),
    spans: inside,
    signature: inside.map((span) => `${span.key}:${span.start}:${span.end}:${numberBySpan.get(span.key)}`).join(","),
  };
}

/** Spans per block in one pass: a span lands in every block it overlaps. */
function bucket<A extends SourceAnnotation>(blocks: readonly TextBlock[], spans: readonly CitationSpan<A>[]): CitationSpan<A>[][] {
  const buckets: CitationSpan<A>[][] = blocks.map(() => []);
  for (const span of spans) {
    let lo = 0;
    let hi = blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (blocks[mid].end <= span.start) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < blocks.length && blocks[i].start < span.end; i += 1) buckets[i].push(span);
  }
  return buckets;
}

/**
 * What carries over from one delta to the next: the offset index, the blocks, converted offsets
 * and the last document. While text is only appended and no citation arrives, a delta costs the
 * work of the last block, whatever the length of the answer.
 */
export class CitedDocumentBuilder<A extends SourceAnnotation = SourceAnnotation> {
  private index: OffsetIndex | null = null;
  private blocks: { text: string; blocks: readonly TextBlock[] } | undefined;
  private memo = new WeakMap<object, readonly [number, number]>();
  private last: Snapshot<A> | null = null;
  private warned = new Set<string>();

  private readonly split: (text: string, previous?: { text: string; blocks: readonly TextBlock[] }) => TextBlock[];
  private readonly display: Display;

  constructor(
    private readonly warn: (message: string) => void = (message) => console.warn(message),
    layout: DocumentLayout = "text",
  ) {
    this.split = layout === "markdown" ? splitMarkdownBlocks : splitBlocks;
    this.display = layout === "markdown" ? () => "block" : blockDisplay;
  }

  document(text: string, annotations: readonly A[], streaming: boolean): CitedDocument<A> {
    // Text replaced rather than extended: converted offsets no longer apply.
    if (this.index !== null && !text.startsWith(this.index.text)) this.memo = new WeakMap();
    const index = extendOffsetIndex(this.index, text);
    this.index = index;
    const blocks = this.split(text, this.blocks);
    this.blocks = { text, blocks };

    const last = this.last;
    if (last && last.settled && last.annotations === annotations && last.streaming === streaming && text.startsWith(last.doc.text)) {
      // Same citations, all inside the old text: spans, sources and closed blocks stay as they were.
      const { spans, sources, numberBySpan } = last.doc;
      const reused = last.doc.blocks.length - 1;
      const views = blocks.map((block, i) =>
        i < reused && last.doc.blocks[i].block === block ? last.doc.blocks[i] : viewOf(this.display, text, blocks, i, spans, numberBySpan),
      );
      const doc = { text, spans, sources, numberBySpan, blocks: views };
      this.last = { ...last, doc };
      return doc;
    }

    const { spans, pending, cutAtEnd } = resolveSpans(text, annotations, { index, streaming, memo: this.memo, warn: (message) => this.warnOnce(message) });
    const sources = groupSources(spans);
    const numberBySpan = sourceNumberBySpan(sources);
    const buckets = bucket(blocks, spans);
    const views = blocks.map((block, i) => ({
      block,
      display: this.display(text, blocks, i),
      spans: buckets[i],
      signature: buckets[i].map((span) => `${span.key}:${span.start}:${span.end}:${numberBySpan.get(span.key)}`).join(","),
    }));
    const doc = { text, spans, sources, numberBySpan, blocks: views };
    this.last = { doc, annotations, streaming, settled: pending === 0 && cutAtEnd === 0 };
    return doc;
  }

  private warnOnce(message: string) {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    this.warn(message);
  }
}


"use client";

import { useMemo, useState } from "react";
import {
  extendOffsetIndex,
  groupSources,
  resolveSpans,
  sourceNumberBySpan,
  splitBlocks,
  type CitationSpan,
  type CitedSource,
  type OffsetIndex,
  type TextBlock,
} from "@/lib/citations";
import type { UrlCitation } from "@/lib/gateway";

export interface BlockView {
  readonly block: TextBlock;
  readonly spans: readonly CitationSpan<UrlCitation>[];
  /** Changes exactly when what the block shows changes (its spans and their numbers). */
  readonly signature: string;
}

export interface CitedDocument {
  readonly text: string;
  readonly spans: readonly CitationSpan<UrlCitation>[];
  readonly sources: readonly CitedSource[];
  readonly numberBySpan: ReadonlyMap<number, number>;
  readonly blocks: readonly BlockView[];
}

/**
 * What carries over from one delta to the next: the offset index and blocks of the previous text
 * (extended, not rebuilt) and the warnings already printed.
 */
class IncrementalState {
  private index: OffsetIndex | null = null;
  private blocks: { text: string; blocks: readonly TextBlock[] } | undefined;
  private warned = new Set<string>();

  advance(text: string): { index: OffsetIndex; blocks: TextBlock[] } {
    const index = extendOffsetIndex(this.index, text);
    const blocks = splitBlocks(text, this.blocks);
    this.index = index;
    this.blocks = { text, blocks };
    return { index, blocks };
  }

  warnOnce(message: string) {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    console.warn(message);
  }
}

/** Spans per block in one pass: a span lands in every block it overlaps. */
function bucket(blocks: readonly TextBlock[], spans: readonly CitationSpan<UrlCitation>[]): CitationSpan<UrlCitation>[][] {
  const buckets: CitationSpan<UrlCitation>[][] = blocks.map(() => []);
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
 * Text + annotations -> render blocks with their spans and source numbers. The offset index and
 * the blocks are extended, not rebuilt, as deltas arrive, so the work per delta does not grow with
 * the length of the answer. Each bad annotation is reported once (console.warn), not per render.
 */
export function useCitedDocument(text: string, annotations: readonly UrlCitation[], streaming: boolean): CitedDocument {
  const [state] = useState(() => new IncrementalState());
  return useMemo(() => {
    const { index, blocks } = state.advance(text);
    const { spans } = resolveSpans(text, annotations, { index, streaming, warn: (message) => state.warnOnce(message) });
    const sources = groupSources(spans);
    const numberBySpan = sourceNumberBySpan(sources);
    const buckets = bucket(blocks, spans);
    const views = blocks.map((block, i) => ({
      block,
      spans: buckets[i],
      signature: buckets[i].map((span) => `${span.key}:${span.start}:${span.end}:${numberBySpan.get(span.key)}`).join(","),
    }));
    return { text, spans, sources, numberBySpan, blocks: views };
  }, [state, text, annotations, streaming]);
}

"use client";

import type { Element } from "hast";
import { toJsxRuntime } from "hast-util-to-jsx-runtime";
import { memo, useMemo } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import type { CitationSpan } from "@/lib/citations";
import { markdownToHast } from "@/lib/citations/markdown-hast";
import { appendAtEnd, highlightCitations } from "@/lib/citations/markdown-highlight";
import { healOpenBlock } from "@/lib/citations/markdown-stream";
import type { UrlCitation } from "@/lib/contract/gateway";
import { MARK_CLASS, MARKER_CLASS } from "../mark-classes";
import type { CodeHighlighter } from "./code-highlighter";

/*
 * One top-level Markdown block of an answer, parsed and rendered on its own. Loaded on demand
 * (use-markdown-renderer.ts): the parser is not part of the playground's first load.
 */

const CURSOR: Element = {
  type: "element",
  tagName: "span",
  properties: { ariaHidden: "true", className: ["ml-0.5 inline-block h-4 w-1.5 translate-y-0.5 animate-pulse bg-slate-400"] },
  children: [],
};

export interface MarkdownBlockProps {
  /** The block's Markdown source. */
  source: string;
  /** Where the block starts in the answer (UTF-16): spans are in answer coordinates. */
  offset: number;
  /** The open last block of a stream: healed (markdown-stream.ts) before parsing. */
  open: boolean;
  cursor: boolean;
  spans: readonly CitationSpan<UrlCitation>[];
  numberBySpan: ReadonlyMap<number, number>;
  /** Changes exactly when the block's spans or their numbers change. */
  signature: string;
  highlightCode: CodeHighlighter | null;
}

/**
 * Memoised on its source and span signature: once the stream has moved past a block it is not
 * parsed or rendered again unless a citation touching it arrives.
 */
export const MarkdownBlock = memo(
  function MarkdownBlock({ source, offset, open, cursor, spans, numberBySpan, highlightCode }: MarkdownBlockProps) {
    const content = useMemo(() => {
      const healed = open ? healOpenBlock(source) : { source, valid: source.length };
      const tree = markdownToHast(healed.source);
      highlightCode?.(tree);
      highlightCitations(tree, healed.source, {
        spans: spans.map((span) => ({ key: span.key, start: span.start - offset, end: span.end - offset })),
        numberBySpan,
        valid: healed.valid,
        markerLimit: source.length,
        markClassName: MARK_CLASS,
        markerClassName: MARKER_CLASS,
      });
      if (cursor) appendAtEnd(tree, structuredClone(CURSOR));
      return toJsxRuntime(tree, { Fragment, jsx, jsxs });
    }, [source, offset, open, cursor, spans, numberBySpan, highlightCode]);
    return <div className="md-block">{content}</div>;
  },
  (a, b) =>
    a.source === b.source && a.signature === b.signature && a.offset === b.offset && a.open === b.open && a.cursor === b.cursor && a.highlightCode === b.highlightCode,
);

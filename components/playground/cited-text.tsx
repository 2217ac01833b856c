"use client";

import * as Popover from "@radix-ui/react-popover";
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { displayHost, segmentText, type CitationSpan } from "@/lib/citations";
import type { UrlCitation } from "@/lib/contract/gateway";
import { MARK_CLASS, MARKER_CLASS } from "./mark-classes";
import type { MarkdownBlock } from "./markdown/markdown-block";
import { useCodeHighlighter } from "./markdown/use-markdown-renderer";
import { SourceLink } from "./source-link";
import type { BlockView, CitedDocument } from "./use-cited-document";

const FENCE = /^ {0,3}(```|~~~)/m; // a code fence in the answer: worth loading the highlighter

interface BlockProps {
  text: string;
  offset: number;
  display: "block" | "inline";
  cursor: boolean;
  spans: readonly CitationSpan<UrlCitation>[];
  numberBySpan: ReadonlyMap<number, number>;
  signature: string;
}

/**
 * One render block. Memoised on its text and span signature: once the stream has moved past a
 * block it is not rendered again unless a citation touching it arrives.
 */
const Block = memo(
  function Block({ text, offset, display, cursor, spans, numberBySpan }: BlockProps) {
    const segments = useMemo(() => {
      const local = spans.map((span) => ({ ...span, start: span.start - offset, end: span.end - offset }));
      return segmentText(text, local);
    }, [text, offset, spans]);
    const Box = display === "block" ? "div" : "span";
    return (
      <Box>
        {segments.map((segment) => {
          if (segment.spanKeys.length === 0) return <span key={segment.start}>{segment.text}</span>;
          const numbers = [...new Set(segment.spanKeys.map((key) => numberBySpan.get(key) ?? 0))];
          const markers = [...new Set(segment.endingKeys.map((key) => numberBySpan.get(key) ?? 0))];
          return (
            <span key={segment.start}>
              <mark
                tabIndex={0}
                data-span-keys={segment.spanKeys.join(" ")}
                data-sources={numbers.join(" ")}
                className={MARK_CLASS}
              >
                {segment.text}
              </mark>
              {markers.length > 0 ? (
                <sup className={MARKER_CLASS} data-marker>
                  {markers.map((n) => `[${n}]`).join("")}
                </sup>
              ) : null}
            </span>
          );
        })}
        {cursor ? <span aria-hidden className="ml-0.5 inline-block h-4 w-1.5 translate-y-0.5 animate-pulse bg-slate-400" /> : null}
      </Box>
    );
  },
  (a, b) => a.text === b.text && a.signature === b.signature && a.offset === b.offset && a.display === b.display && a.cursor === b.cursor,
);

export interface CitedTextProps {
  /** Unique per answer on the page: scopes ids and highlight styles. */
  domId: string;
  doc: CitedDocument<UrlCitation>;
  streaming: boolean;
  /** Source numbers to highlight everywhere in the text (a source hovered in the panel). */
  highlightedSources: readonly number[];
  /** The source numbers of the span whose card is open, or null when none is. */
  onActiveSpan: (sources: number[] | null) => void;
  /** Enter or click on a span: reveal its source in the panel. */
  onSelectSource: (source: number) => void;
  /**
   * Renders the answer as Markdown, block by block (the doc must have the "markdown" layout);
   * null shows the source as written.
   */
  markdownBlock: typeof MarkdownBlock | null;
}

interface Active {
  element: HTMLElement;
  keys: number[];
}

const OPEN_DELAY_MS = 120;
const CLOSE_DELAY_MS = 180;

export function CitedText({ domId, doc, streaming, highlightedSources, onActiveSpan, onSelectSource, markdownBlock: MarkdownBlock }: CitedTextProps) {
  const [active, setActive] = useState<Active | null>(null);
  const anchorRef = useRef<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cardId = `${domId}-card`;

  const highlightCode = useCodeHighlighter(MarkdownBlock !== null && FENCE.test(doc.text));
  const spanByKey = useMemo(() => new Map(doc.spans.map((span) => [span.key, span])), [doc.spans]);

  const show = useCallback(
    (element: HTMLElement, delay: number) => {
      clearTimeout(timer.current);
      const open = () => {
        const keys = (element.dataset.spanKeys ?? "").split(" ").filter(Boolean).map(Number);
        anchorRef.current = element;
        setActive({ element, keys });
        onActiveSpan([...new Set(keys.map((key) => doc.numberBySpan.get(key) ?? 0))]);
      };
      if (delay === 0) open();
      else timer.current = setTimeout(open, delay);
    },
    [doc.numberBySpan, onActiveSpan],
  );

  const hide = useCallback(
    (delay: number) => {
      clearTimeout(timer.current);
      const close = () => {
        setActive(null);
        onActiveSpan(null);
      };
      if (delay === 0) close();
      else timer.current = setTimeout(close, delay);
    },
    [onActiveSpan],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  // The marked element can be re-created by a render (a citation arrived); keep the card on the new one.
  useEffect(() => {
    if (active && !active.element.isConnected) hide(0);
  });

  const markOf = (target: EventTarget | null) => (target instanceof Element ? (target.closest("mark[data-span-keys]") as HTMLElement | null) : null);

  const highlightCss = highlightedSources
    .map((n) => `#${domId} mark[data-sources~="${n}"]{background-color:rgb(252 211 77);box-shadow:0 0 0 2px rgb(217 119 6)}@media (prefers-color-scheme: dark){#${domId} mark[data-sources~="${n}"]{background-color:rgb(180 83 9 / .6);box-shadow:0 0 0 2px rgb(251 191 36)}}`)
    .join("");

  const activeSpans = active ? active.keys.map((key) => spanByKey.get(key)).filter((span): span is CitationSpan<UrlCitation> => Boolean(span)) : [];

  return (
    <Popover.Root open={activeSpans.length > 0} onOpenChange={(open) => !open && hide(0)}>
      <style>{`#${domId} mark[data-span-keys]:hover,#${domId} mark[data-span-keys]:focus-visible{outline:2px solid rgb(217 119 6)}${highlightCss}`}</style>
      <Popover.Anchor virtualRef={anchorRef as React.RefObject<HTMLElement>} />
      <div
        id={domId}
        data-testid="answer-text"
        data-view={MarkdownBlock ? "markdown" : "source"}
        className={`${MarkdownBlock ? "md-answer" : "whitespace-pre-wrap"} break-words text-[0.95rem] leading-7`}
        onPointerOver={(event) => {
          const mark = markOf(event.target);
          if (mark && mark !== active?.element) show(mark, OPEN_DELAY_MS);
          else if (mark) clearTimeout(timer.current);
        }}
        onPointerOut={(event) => {
          if (markOf(event.target) && !markOf(event.relatedTarget)) hide(CLOSE_DELAY_MS);
        }}
        onFocus={(event) => {
          const mark = markOf(event.target);
          if (mark) show(mark, 0);
        }}
        onBlur={(event) => {
          const next = event.relatedTarget;
          if (!(next instanceof Node && document.getElementById(cardId)?.contains(next))) hide(0);
        }}
        onKeyDown={(event) => {
          const mark = markOf(event.target);
          if (!mark) return;
          if (event.key === "Escape") hide(0);
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            const first = Number((mark.dataset.sources ?? "").split(" ")[0]);
            if (first) onSelectSource(first);
          }
        }}
        onClick={(event) => {
          const mark = markOf(event.target);
          const first = mark ? Number((mark.dataset.sources ?? "").split(" ")[0]) : 0;
          if (first) onSelectSource(first);
        }}
      >
        {doc.blocks.map((view: BlockView<UrlCitation>, index) =>
          MarkdownBlock ? (
            <MarkdownBlock
              key={view.block.start}
              source={doc.text.slice(view.block.start, view.block.end)}
              offset={view.block.start}
              open={streaming && index === doc.blocks.length - 1}
              cursor={streaming && index === doc.blocks.length - 1}
              spans={view.spans}
              numberBySpan={doc.numberBySpan}
              signature={view.signature}
              highlightCode={highlightCode}
            />
          ) : (
          <Block
            key={view.block.start}
            text={doc.text.slice(view.block.start, view.block.end)}
            offset={view.block.start}
            display={view.display}
            cursor={streaming && index === doc.blocks.length - 1}
            spans={view.spans}
            numberBySpan={doc.numberBySpan}
            signature={view.signature}
          />
          ),
        )}
      </div>
      <Popover.Portal>
        <Popover.Content
          id={cardId}
          role="dialog"
          aria-label="Cited source"
          side="top"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onPointerEnter={() => clearTimeout(timer.current)}
          onPointerLeave={() => hide(CLOSE_DELAY_MS)}
          data-testid="citation-card"
          className="z-50 w-80 max-w-[calc(100vw-1rem)] space-y-3 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {activeSpans.map((span) => {
            const { url, title, content } = span.annotation;
            return (
              <div key={span.key} className="space-y-1">
                <div className="flex items-start gap-2">
                  <span className="mt-0.5 shrink-0 rounded bg-amber-100 px-1.5 font-mono text-xs font-semibold text-amber-900 dark:bg-amber-400/20 dark:text-amber-200">
                    {doc.numberBySpan.get(span.key)}
                  </span>
                  <div className="min-w-0">
                    <SourceLink url={url} title={title || displayHost(url)} className="font-medium break-words" />
                    <div className="truncate text-xs text-slate-600 dark:text-slate-400">{displayHost(url)}</div>
                  </div>
                </div>
                {content ? <p className="line-clamp-4 text-xs leading-5 text-slate-700 dark:text-slate-300">{content}</p> : null}
              </div>
            );
          })}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

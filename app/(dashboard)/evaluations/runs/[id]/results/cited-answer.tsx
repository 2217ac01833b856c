"use client";

import { useMemo } from "react";
import { CitedText } from "@/components/playground/cited-text";
import { useMarkdownRenderer } from "@/components/playground/markdown/use-markdown-renderer";
import { useCitedDocument } from "@/components/playground/use-cited-document";
import type { AnswerViewProps } from "@/components/evaluations/results/answer-renderer";
import type { UrlCitation } from "@/lib/contract/gateway";

const NO_SOURCES: readonly number[] = [];
const ignore = () => {};

/**
 * A stored answer drawn by the playground's renderer: Markdown, each cited span marked exactly where the
 * gateway's offsets put it, its source on hover or focus. Wired into the results views by the route (see
 * components/evaluations/results/answer-renderer.tsx) and loaded with the question detail, not the page.
 */
export default function CitedAnswer({ domId, text, citations }: AnswerViewProps) {
  const markdownBlock = useMarkdownRenderer(true);
  const annotations = useMemo<UrlCitation[]>(() => citations.map((c) => ({ ...c, type: "url_citation" as const })), [citations]);
  const doc = useCitedDocument(text, annotations, false, markdownBlock ? "markdown" : "text");
  return <CitedText domId={domId} doc={doc} streaming={false} highlightedSources={NO_SOURCES} onActiveSpan={ignore} onSelectSource={ignore} markdownBlock={markdownBlock} />;
}

"use client";

import { createContext, createElement, useContext, type ComponentType } from "react";
import type { EvaluationCitation } from "@/lib/evaluations/item-result";

export interface AnswerViewProps {
  /** Unique per answer on the page: scopes ids and highlight styles. */
  domId: string;
  text: string;
  citations: readonly EvaluationCitation[];
}

/**
 * How an answer with its citations is drawn. The results views take it from the page rather than importing the
 * playground's renderer themselves (features do not reach into each other's components): the route wires the
 * playground's Markdown renderer in (app/(dashboard)/evaluations/.../cited-answer.tsx). Without one, the
 * answer shows as plain text with its cited spans marked.
 */
const AnswerRendererContext = createContext<ComponentType<AnswerViewProps> | null>(null);

export const AnswerRendererProvider = AnswerRendererContext.Provider;

function PlainAnswer({ text, citations, domId }: AnswerViewProps) {
  const chars = Array.from(text);
  const marks = [...citations].filter((c) => c.end_index > c.start_index).sort((a, b) => a.start_index - b.start_index);
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [n, c] of marks.entries()) {
    if (c.start_index < at) continue;
    parts.push(chars.slice(at, c.start_index).join(""));
    parts.push(
      <mark key={n} className="cited-span rounded-sm bg-amber-100 px-px text-inherit dark:bg-amber-400/20">
        {chars.slice(c.start_index, c.end_index).join("")}
      </mark>,
    );
    at = c.end_index;
  }
  parts.push(chars.slice(at).join(""));
  return (
    <div id={domId} data-testid="answer-text" className="whitespace-pre-wrap break-words text-sm leading-6">
      {parts}
    </div>
  );
}

export function AnswerView(props: AnswerViewProps) {
  const Renderer = useContext(AnswerRendererContext);
  // createElement: the renderer is one stable component from the page's provider, not made during render.
  return Renderer ? createElement(Renderer, props) : <PlainAnswer {...props} />;
}

"use client";

import { useCallback, useMemo, useState } from "react";
import type { UrlCitation } from "@/lib/contract/gateway";
import type { RunState, TextPart } from "@/lib/playground/run-state";
import type { RequestDraft } from "@/lib/playground/setup";
import { Button } from "@/components/ui/button";
import { AnswerViewToggle, type AnswerView } from "./answer-view-toggle";
import { CitedText } from "./cited-text";
import { useMarkdownRenderer } from "./markdown/use-markdown-renderer";
import { RunMetricsList } from "./run-metrics";
import { RunStatusBadge } from "./run-status";
import { SourcesPanel, sourceItemId, type SourcesTab } from "./sources-panel";
import { useCitedDocument } from "./use-cited-document";
import { useStickToBottom } from "./use-stick-to-bottom";
import { Alert } from "@/components/ui/alert";

const NO_CITATIONS: readonly UrlCitation[] = [];
const PART_SEPARATOR = "\n\n";

/**
 * One answer from all output_text parts. With a single part (the usual case) the part's own text
 * and annotation list pass through untouched, so memoisation downstream keeps working per delta.
 */
function combineParts(parts: readonly TextPart[]): { text: string; annotations: readonly UrlCitation[] } {
  if (parts.length === 0) return { text: "", annotations: NO_CITATIONS };
  if (parts.length === 1) return { text: parts[0].text, annotations: parts[0].annotations };
  let text = "";
  let shift = 0;
  const annotations: UrlCitation[] = [];
  parts.forEach((part, index) => {
    if (index > 0) {
      text += PART_SEPARATOR;
      shift += PART_SEPARATOR.length;
    }
    for (const annotation of part.annotations) {
      annotations.push({ ...annotation, start_index: annotation.start_index + shift, end_index: annotation.end_index + shift });
    }
    text += part.text;
    shift += Array.from(part.text).length;
  });
  return { text, annotations };
}

function download(filename: string, type: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function fileStem(run: RunState, request: RequestDraft): string {
  const model = (run.model ?? (typeof request.model === "string" ? request.model : "run")).replace(/[^A-Za-z0-9._-]+/g, "-");
  return `playground-${model}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}`;
}

export interface RunOutputProps {
  domId: string;
  run: RunState;
  /** The request the run was made with (for exports). */
  request: RequestDraft;
  label?: string;
  /** Adds the answer to the conversation as an assistant turn (editors only). */
  onContinue?: (text: string, annotations: readonly UrlCitation[]) => void;
}

/** A column's run once it has started (a chunk of its own: the column shows the idle state itself). */
export function RunOutput({ domId, run, request, label, onContinue }: RunOutputProps) {
  const streaming = run.status === "in_progress";
  const { text, annotations } = useMemo(() => combineParts(run.parts), [run.parts]);
  const [view, setView] = useState<AnswerView>("markdown");
  // Loads the renderer on mount unless it is there already (the Run buttons preload it on the way to a press).
  const markdownBlock = useMarkdownRenderer(view === "markdown");
  const rendered = view === "markdown" ? markdownBlock : null;
  const doc = useCitedDocument(text, annotations, streaming, rendered ? "markdown" : "text");
  const [tab, setTab] = useState<SourcesTab>("cited");
  const [hoveredSource, setHoveredSource] = useState<number | null>(null);
  const [activeSpanSources, setActiveSpanSources] = useState<number[] | null>(null);
  const { ref, onScroll, atBottom, jumpToLatest } = useStickToBottom(text.length);

  const onSelectSource = useCallback(
    (number: number) => {
      setTab("cited");
      // The tab panel renders on the next frame; focus the source there.
      requestAnimationFrame(() => {
        const item = document.getElementById(sourceItemId(domId, number));
        item?.scrollIntoView({ block: "nearest" });
        item?.focus();
      });
    },
    [domId],
  );

  // The exports load on first use: the Markdown export parses the answer (footnote placement), and
  // that parser is not part of the page's first load.
  const exportRun = async (kind: "json" | "md") => {
    const { exportRunJson, exportRunMarkdown } = await import("@/lib/playground/export");
    if (kind === "json") download(`${fileStem(run, request)}.json`, "application/json", JSON.stringify(exportRunJson(request, run, { label }), null, 2));
    else download(`${fileStem(run, request)}.md`, "text/markdown", exportRunMarkdown(request, run, { label }));
  };

  const highlightedInText = useMemo(() => (hoveredSource === null ? [] : [hoveredSource]), [hoveredSource]);
  const highlightedInPanel = activeSpanSources ?? highlightedInText;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <RunStatusBadge run={run} />
        {run.model ? <span className="truncate font-mono text-xs text-slate-600 dark:text-slate-400">{run.model}</span> : null}
        <div className="ml-auto flex flex-wrap items-center gap-1">
          <AnswerViewToggle view={view} onChange={setView} />
          <Button size="sm" variant="ghost" onClick={() => void exportRun("json")}>
            Export JSON
          </Button>
          <Button size="sm" variant="ghost" onClick={() => void exportRun("md")}>
            Export Markdown
          </Button>
        </div>
      </div>

      {run.error ? (
        <Alert data-testid="run-error">
          <span className="font-medium">Error{run.error.code ? ` (${run.error.code})` : ""}:</span> {run.error.message}
          {text ? <span className="block text-xs">The part received before the error is kept below.</span> : null}
        </Alert>
      ) : null}

      <div className="relative">
        <div
          ref={ref}
          onScroll={onScroll}
          tabIndex={0}
          role="region"
          aria-label="Answer"
          aria-busy={streaming}
          className="max-h-[28rem] min-h-16 overflow-y-auto rounded-md border border-slate-200 bg-slate-50/50 px-3 py-2 dark:border-slate-800 dark:bg-slate-900/40"
        >
          {text || streaming ? (
            <CitedText
              domId={`${domId}-text`}
              doc={doc}
              streaming={streaming}
              highlightedSources={highlightedInText}
              onActiveSpan={setActiveSpanSources}
              onSelectSource={onSelectSource}
              markdownBlock={rendered}
            />
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">No text was received.</p>
          )}
        </div>
        {!atBottom && streaming ? (
          <Button size="sm" variant="secondary" className="absolute bottom-2 right-3 shadow" onClick={jumpToLatest}>
            Jump to latest ↓
          </Button>
        ) : null}
      </div>

      <RunMetricsList run={run} />

      {run.status === "completed" && onContinue && text ? (
        <Button size="sm" variant="ghost" onClick={() => onContinue(text, annotations)}>
          Continue the conversation with this answer
        </Button>
      ) : null}

      <SourcesPanel
        domId={domId}
        sources={doc.sources}
        searches={run.searches}
        tab={tab}
        onTabChange={setTab}
        highlighted={highlightedInPanel}
        onHoverSource={setHoveredSource}
      />
    </div>
  );
}

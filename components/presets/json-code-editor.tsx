"use client";

import { Suspense } from "react";
import { lazyComponent } from "@/components/ui/lazy-component";
import { useHydrated } from "@/lib/client/hooks/use-hydrated";
import type { JsonCodeEditorProps } from "./codemirror-json-editor";

export type { JsonCodeEditorProps } from "./codemirror-json-editor";

// CodeMirror is most of the preset studio's JavaScript and most of its views show no editor: it is fetched the
// first time an editor is on screen, never with the page.
export const CodeMirrorJsonEditor = lazyComponent(() => import("./codemirror-json-editor"));

/**
 * The text as CodeMirror will lay it out (same font, line height, padding, heights), shown while the editor's
 * code loads, so nothing moves when it arrives. Not a textbox: nothing can be typed into it yet.
 */
function EditorPlaceholder({ value, minHeight = "6rem", maxHeight = "28rem" }: Pick<JsonCodeEditorProps, "value" | "minHeight" | "maxHeight">) {
  return (
    <div aria-busy="true" className="overflow-auto font-mono leading-[1.4]" style={{ minHeight, maxHeight }}>
      <span className="sr-only">Loading the editor…</span>
      <pre aria-hidden className="whitespace-pre-wrap break-words py-1 pl-12 pr-0.5 font-mono text-slate-500 dark:text-slate-400">
        {value}
      </pre>
    </div>
  );
}

function EditorFrame({ testId, children }: { testId?: string; children: React.ReactNode }) {
  return (
    <div
      data-testid={testId}
      className="overflow-hidden rounded-md border border-slate-300 text-[13px] focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30 dark:border-slate-700"
    >
      {children}
    </div>
  );
}

/** What a JsonCodeEditor shows while its code loads, for a view that is itself still loading the code around it. */
export function JsonCodeEditorPlaceholder(props: Pick<JsonCodeEditorProps, "value" | "minHeight" | "maxHeight" | "testId">) {
  return (
    <EditorFrame testId={props.testId}>
      <EditorPlaceholder value={props.value} minHeight={props.minHeight} maxHeight={props.maxHeight} />
    </EditorFrame>
  );
}

/**
 * A JSON editor (CodeMirror 6: highlighting, syntax errors, optional schema diagnostics). The editor's code
 * is its own chunk, loaded when the first editor renders after hydration; until then a placeholder of the
 * same size shows the text.
 */
export function JsonCodeEditor(props: JsonCodeEditorProps) {
  const hydrated = useHydrated();
  const placeholder = <EditorPlaceholder value={props.value} minHeight={props.minHeight} maxHeight={props.maxHeight} />;
  return <EditorFrame testId={props.testId}>{hydrated ? <Suspense fallback={placeholder}><CodeMirrorJsonEditor {...props} /></Suspense> : placeholder}</EditorFrame>;
}

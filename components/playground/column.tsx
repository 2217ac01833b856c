"use client";

import { clsx } from "clsx";
import { memo, useCallback, useMemo } from "react";
import type { FieldIssue, Model, UrlCitation } from "@/lib/contract/gateway";
import { readConversation, readModel, writeConversation, type PlaygroundColumn, type RequestDraft, type SyncSettings } from "@/lib/playground/setup";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { CodeDialog } from "./code-dialog";
import { LazySlot } from "@/components/ui/lazy-slot";
import { prefetchRun, RunOutputPart } from "./lazy-parts";
import { ConversationSection, ModelField, OutputSection, SearchSection } from "./request-editor";
import type { RequestValidator } from "./use-request-validator";
import { useRun, type RunStore } from "@/lib/client/run-store";

const NO_ISSUES: FieldIssue[] = [];

/** Holds the place of the answer view while its chunk loads: its toolbar row and the answer box. */
const OUTPUT_PLACEHOLDER = (
  <div className="space-y-3" role="status" aria-label="Loading the answer">
    <Skeleton className="h-7 w-full" />
    <Skeleton className="h-16 w-full" />
  </div>
);

export interface ColumnProps {
  column: PlaygroundColumn;
  name: string;
  store: RunStore;
  /** Sections edited in the shared panel instead (compare mode with sync on). */
  sync: SyncSettings | null;
  canRun: boolean;
  canRemove: boolean;
  models: readonly Model[];
  presets: readonly { slug: string; name: string }[];
  onChange: (id: string, request: RequestDraft) => void;
  onRemove: (id: string) => void;
  /** Single mode: editor and output side by side. */
  wide: boolean;
  /** The shared schema's check, once loaded (null before: no inline errors yet, a run checks anyway). */
  validate: RequestValidator | null;
}

export const Column = memo(function Column({ column, name, store, sync, canRun, canRemove, models, presets, onChange, onRemove, wide, validate }: ColumnProps) {
  const run = useRun(store, column.id);
  const issues = useMemo(() => (validate ? validate(column.request) : NO_ISSUES), [validate, column.request]);
  const change = useCallback((request: RequestDraft) => onChange(column.id, request), [column.id, onChange]);
  const running = run.status === "in_progress";
  const readOnly = !canRun;

  const onContinue = useCallback(
    (text: string, annotations: readonly UrlCitation[]) => {
      const turns = readConversation(column.request);
      change(writeConversation(column.request, [...turns, { role: "assistant", text, annotations: [...annotations] }, { role: "user", text: "" }]));
    },
    [change, column.request],
  );

  const modelField = <ModelField request={column.request} onChange={change} issues={issues} disabled={readOnly} models={models} presets={presets} />;
  const hasSections = !sync?.conversation || !sync?.search || !sync?.output;
  const sections = (
    <div className="space-y-4">
      {!sync?.conversation ? <ConversationSection request={column.request} onChange={change} issues={issues} disabled={readOnly} /> : null}
      {!sync?.search ? <SearchSection request={column.request} onChange={change} issues={issues} disabled={readOnly} /> : null}
      {!sync?.output ? <OutputSection request={column.request} onChange={change} issues={issues} disabled={readOnly} /> : null}
      {issues.length > 0 ? (
        <p className="text-xs text-red-700 dark:text-red-400" data-testid="column-invalid">
          {issues.length === 1 ? "1 field needs" : `${issues.length} fields need`} fixing before this column can run
          {sync && issues.some((issue) => !issue.path.startsWith("model")) ? " (see the shared settings too)" : ""}.
        </p>
      ) : null}
    </div>
  );

  const ranWith = store.requestOf(column.id) ?? column.request;

  return (
    <section
      aria-label={`Column ${name}`}
      data-testid={`column-${column.id}`}
      className={clsx("min-w-0 rounded-xl border border-slate-200 dark:border-slate-800", wide ? "" : "flex flex-col")}
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
        <h2 className="text-sm font-semibold">
          {name}
          {column.label ? <span className="ml-2 font-normal text-slate-600 dark:text-slate-400">{column.label}</span> : null}
          {!wide ? <span className="ml-2 font-mono text-xs font-normal text-slate-600 dark:text-slate-400">{readModel(column.request)}</span> : null}
        </h2>
        <div className="ml-auto flex flex-wrap gap-1">
          <CodeDialog request={column.request} columnName={name} />
          {canRemove ? (
            <Button size="sm" variant="ghost" onClick={() => onRemove(column.id)} aria-label={`Remove column ${name}`}>
              Remove
            </Button>
          ) : null}
          {running ? (
            <Button size="sm" variant="danger" onClick={() => store.stop(column.id)} aria-label={`Stop column ${name}`}>
              Stop
            </Button>
          ) : (
            <Button
              size="sm"
              variant="primary"
              disabled={!canRun || issues.length > 0}
              onPointerEnter={() => prefetchRun(!wide)}
              onClick={() => void store.run(column.id, column.request)}
              aria-label={`Run column ${name}`}
            >
              Run
            </Button>
          )}
        </div>
      </header>
      <div className={clsx("grid gap-4 p-4", wide && "lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]")}>
        {wide ? (
          <div className="space-y-4">
            {modelField}
            {sections}
          </div>
        ) : (
          <div className="space-y-3">
            {modelField}
            {hasSections ? (
              <details open={run.status === "idle"}>
                <summary className="cursor-pointer text-sm font-medium text-slate-700 dark:text-slate-300">This column&apos;s settings</summary>
                <div className="pt-3">{sections}</div>
              </details>
            ) : (
              sections
            )}
          </div>
        )}
        <div className="min-w-0">
          {run.status === "idle" ? (
            <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">Run the request to see the streamed answer here.</p>
          ) : (
            <LazySlot what="The answer view" fallback={OUTPUT_PLACEHOLDER}>
              <RunOutputPart domId={`run-${column.id}`} run={run} request={ranWith} label={column.label ?? name} onContinue={canRun ? onContinue : undefined} />
            </LazySlot>
          )}
        </div>
      </div>
    </section>
  );
});

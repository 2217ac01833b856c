"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useHasRole } from "@/lib/client/current-user";
import { playgroundQueries } from "@/lib/client/queries/playground";
import type { FieldIssue, Model } from "@/lib/contract/gateway";
import { columnGridClass, columnLetter, columnNames } from "@/lib/playground/column-names";
import { addColumn, MAX_COLUMNS, readModel, removeColumn, serializeSetup, setSync, SYNC_SECTIONS, updateColumn, type PlaygroundSetup, type RequestDraft } from "@/lib/playground/setup";
import { Skeleton } from "@/components/ui/skeleton";
import { Column } from "./column";
import { LazySlot } from "@/components/ui/lazy-slot";
import { CompareSummaryPart, prefetchRun } from "./lazy-parts";
import { RunStore, useRuns } from "@/lib/client/run-store";
import { SharedSettings, SyncToggles } from "./shared-settings";
import { useHydrated } from "@/lib/client/hooks/use-hydrated";
import { useRequestValidator } from "./use-request-validator";
import { useRunShortcut } from "./use-run-shortcut";
import { WorkbenchToolbar } from "./workbench-toolbar";

const NO_PRESETS: { slug: string; name: string }[] = [];
const NO_ISSUES: FieldIssue[] = [];

/** Holds the place of the comparison while its chunk loads (its charts come first). */
const SUMMARY_PLACEHOLDER = <Skeleton className="h-64 w-full rounded-xl" />;

/** Toolbar, shared settings, the columns and the comparison of one setup; `commit` stores an edited setup. */
export function Workbench({ setup, commit, models: modelList }: { setup: PlaygroundSetup; commit: (next: PlaygroundSetup) => void; models: readonly Model[] }) {
  const canRun = useHasRole("editor");
  const presets = useQuery(playgroundQueries.presets());
  const [store] = useState(() => new RunStore());
  const hydrated = useHydrated();

  const onChange = useCallback((id: string, request: RequestDraft) => commit(updateColumn(setup, id, request)), [commit, setup]);
  const onRemove = useCallback(
    (id: string) => {
      store.forget(id);
      commit(removeColumn(setup, id));
    },
    [commit, setup, store],
  );

  const ids = useMemo(() => setup.columns.map((column) => column.id), [setup.columns]);
  const runs = useRuns(store, ids);
  const anyRunning = runs.some(({ run }) => run.status === "in_progress");
  const anyRan = runs.some(({ run }) => run.status !== "idle");
  const compare = setup.columns.length > 1;
  const validate = useRequestValidator();
  const invalidColumns = validate ? setup.columns.filter((column) => validate(column.request).length > 0).length : 0;

  // The store checks each request before sending it, and leaves an invalid column as it was.
  const runAll = useCallback(() => {
    if (!canRun) return;
    for (const column of setup.columns) void store.run(column.id, column.request);
  }, [canRun, setup.columns, store]);
  useRunShortcut(runAll);
  const prefetch = useCallback(() => prefetchRun(compare), [compare]);

  // Leaving the page stops the streams (the BFF then closes the gateway's).
  useEffect(() => () => store.stopAll(), [store]);

  const names = columnNames(setup.columns.length, compare);
  const first = setup.columns[0];
  const firstIssues = useMemo(() => (validate ? validate(first.request) : NO_ISSUES), [validate, first.request]);
  const sharedChange = useCallback((request: RequestDraft) => onChange(first.id, request), [first.id, onChange]);
  const syncOn = compare && SYNC_SECTIONS.some((section) => setup.sync[section]);
  const urlLength = typeof window === "undefined" ? 0 : serializeSetup(setup).length;

  return (
    // Focus in the form is on the way to a run (Ctrl+Enter runs from anywhere): fetch what it needs.
    <div className="space-y-4" onFocus={canRun ? prefetch : undefined}>
      {!canRun ? (
        <div role="note" data-testid="read-only-note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
          <strong>Read-only.</strong> You are signed in as a viewer: you can look at setups and share links, but running a request needs the editor role.
        </div>
      ) : null}

      <WorkbenchToolbar
        compare={compare}
        hydrated={hydrated}
        canRun={canRun}
        canRunAny={invalidColumns < setup.columns.length}
        onRunAll={runAll}
        onPrefetchRun={prefetch}
        anyRunning={anyRunning}
        onStopAll={() => store.stopAll()}
        canAddColumn={setup.columns.length < MAX_COLUMNS}
        onAddColumn={() => commit(addColumn(setup))}
        urlLength={urlLength}
      />

      {compare ? <SyncToggles sync={setup.sync} disabled={!canRun} onToggle={(section, on) => commit(setSync(setup, section, on))} /> : null}

      {syncOn ? <SharedSettings sync={setup.sync} request={first.request} onChange={sharedChange} issues={firstIssues} disabled={!canRun} /> : null}

      <div className={columnGridClass(setup.columns.length, compare)}>
        {setup.columns.map((column, index) => (
          <Column
            key={column.id}
            column={column}
            name={names[index]}
            store={store}
            sync={compare ? setup.sync : null}
            canRun={canRun}
            canRemove={compare && canRun}
            models={modelList}
            presets={presets.data ?? NO_PRESETS}
            onChange={onChange}
            onRemove={onRemove}
            wide={!compare}
            validate={validate}
          />
        ))}
      </div>

      {compare && anyRan ? (
        <LazySlot what="The comparison" fallback={SUMMARY_PLACEHOLDER}>
          <CompareSummaryPart
            columns={runs.map(({ id, run }, index) => ({
              id,
              run,
              name: names[index],
              short: columnLetter(index),
              label: setup.columns[index]?.label,
              model: setup.columns[index] ? readModel(setup.columns[index].request) : "",
            }))}
          />
        </LazySlot>
      ) : null}
    </div>
  );
}

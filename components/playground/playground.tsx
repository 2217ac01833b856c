"use client";

import { useQuery } from "@tanstack/react-query";
import { parseAsString, useQueryStates } from "nuqs";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { useHasRole } from "@/lib/client/current-user";
import { parseAsComparePair } from "@/lib/presets/search-params";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { playgroundQueries } from "@/lib/client/queries/playground";
import { presetQueries } from "@/lib/client/queries/presets";
import type { Model } from "@/lib/gateway";
import { COMPARE_DEFAULT_QUESTION, compareEditToParams, presetCompareSetup, sharedQuestion, type VersionPair } from "@/lib/playground/preset-compare";
import {
  addColumn,
  MAX_COLUMNS,
  parseSetup,
  readModel,
  removeColumn,
  serializeSetup,
  setSync,
  setupFromParams,
  SYNC_SECTIONS,
  updateColumn,
  validateRequest,
  type PlaygroundSetup,
  type RequestDraft,
  type SyncSection,
} from "@/lib/playground/setup";
import { Column } from "./column";
import { CompareSummary } from "./compare-summary";
import { PresetComparePanel } from "./preset-compare-panel";
import { ConversationSection, OutputSection, SearchSection } from "./request-editor";
import { RunStore, useRuns } from "@/lib/client/run-store";

const SYNC_LABELS: Record<SyncSection, string> = { conversation: "Conversation", search: "Web search", output: "Max output tokens" };
const PREFERRED_DEFAULT_MODEL = "gatehouse/swift";
const NO_MODELS: Model[] = [];
const NO_PRESETS: { slug: string; name: string }[] = [];
/** Node's default header limit is 16 KiB; a longer link may be refused by a server on the way. */
const LONG_URL = 8000;

const urlKeys = { setup: parseAsString, model: parseAsString, prompt: parseAsString, preset: parseAsString, versions: parseAsComparePair };
const noSubscription = () => () => {};

/** False in the server render and during hydration, true once the page's handlers are live. */
function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

export function Playground() {
  const [params] = useQueryStates(urlKeys, { history: "replace" });
  // A comparison of two preset versions (?preset=<slug>&versions=1..2&prompt=...) builds its columns
  // from the stored versions; everything else is the setup in the URL.
  if (params.preset && params.versions) return <PresetComparison key={`${params.preset}:${params.versions.from}..${params.versions.to}`} slug={params.preset} pair={params.versions} />;
  return <PlainPlayground />;
}

function PlainPlayground() {
  const [params, setParams] = useQueryStates(urlKeys, { history: "replace" });
  const models = useQuery(playgroundQueries.models());
  const modelList = models.data ?? NO_MODELS;
  const fallbackModel = modelList.find((model) => model.id === PREFERRED_DEFAULT_MODEL)?.id ?? modelList[0]?.id ?? "";
  const setup = useMemo(() => setupFromParams(params, fallbackModel), [params, fallbackModel]);
  const commit = useCallback(
    (next: PlaygroundSetup) => {
      // Once edited, the whole setup lives in `setup`; the short model/prompt form is dropped.
      void setParams({ setup: serializeSetup(next), model: null, prompt: null });
    },
    [setParams],
  );
  return <Workbench setup={setup} commit={commit} models={modelList} />;
}

function versionQuery(slug: string, version: number) {
  // A missing version is an answer (the link is stale), not something to retry.
  return { ...presetQueries.version(slug, version), retry: (count: number, error: Error) => (error as { status?: number }).status !== 404 && count < 2 };
}

function PresetComparison({ slug, pair }: { slug: string; pair: VersionPair }) {
  const [params, setParams] = useQueryStates(urlKeys, { history: "replace" });
  const models = useQuery(playgroundQueries.models());
  const from = useQuery(versionQuery(slug, pair.from));
  const to = useQuery(versionQuery(slug, pair.to));
  const question = params.prompt ?? COMPARE_DEFAULT_QUESTION;
  const edited = useMemo(() => parseSetup(params.setup), [params.setup]);
  const derived = useMemo(() => (from.data && to.data ? presetCompareSetup(from.data, to.data, question) : null), [from.data, to.data, question]);
  const setup = edited ?? derived;

  const commit = useCallback(
    (next: PlaygroundSetup) => {
      if (!from.data || !to.data) {
        void setParams({ setup: serializeSetup(next) });
        return;
      }
      const kept = compareEditToParams(next, from.data, to.data);
      void setParams("prompt" in kept ? { prompt: kept.prompt, setup: null } : { setup: kept.setup });
    },
    [from.data, to.data, setParams],
  );
  const rebuild = useCallback(() => {
    void setParams({ setup: null, prompt: (edited && sharedQuestion(edited)) ?? question });
  }, [edited, question, setParams]);

  const failed = from.isError || to.isError;
  return (
    <div className="space-y-4">
      <PresetComparePanel slug={slug} pair={pair} from={from} to={to} edited={edited !== null} onRebuild={rebuild} />
      {setup ? (
        <Workbench setup={setup} commit={commit} models={models.data ?? NO_MODELS} />
      ) : failed ? null : (
        <div aria-hidden className="grid gap-4 md:grid-cols-2">
          <Skeleton className="h-72 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      )}
    </div>
  );
}

/** Toolbar, shared settings, the columns and the comparison of one setup; `commit` stores an edited setup. */
function Workbench({ setup, commit, models: modelList }: { setup: PlaygroundSetup; commit: (next: PlaygroundSetup) => void; models: readonly Model[] }) {
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
  const compare = setup.columns.length > 1;
  const invalidColumns = setup.columns.filter((column) => validateRequest(column.request).length > 0).length;

  const runAll = useCallback(() => {
    if (!canRun) return;
    for (const column of setup.columns) {
      if (validateRequest(column.request).length === 0) void store.run(column.id, column.request);
    }
  }, [canRun, setup.columns, store]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        runAll();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [runAll]);

  // Leaving the page stops the streams (the BFF then closes the gateway's).
  useEffect(() => () => store.stopAll(), [store]);

  const names = setup.columns.map((column, index) => (compare ? `Column ${String.fromCharCode(65 + index)}` : "Request"));
  const first = setup.columns[0];
  const firstIssues = useMemo(() => validateRequest(first.request), [first.request]);
  const sharedChange = useCallback((request: RequestDraft) => onChange(first.id, request), [first.id, onChange]);
  const syncOn = compare && SYNC_SECTIONS.some((section) => setup.sync[section]);
  const [copied, setCopied] = useState(false);
  const urlLength = typeof window === "undefined" ? 0 : serializeSetup(setup).length;

  return (
    <div className="space-y-4">
      {!canRun ? (
        <div role="note" data-testid="read-only-note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
          <strong>Read-only.</strong> You are signed in as a viewer: you can look at setups and share links, but running a request needs the editor role.
        </div>
      ) : null}

      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Playground" data-hydrated={hydrated ? "true" : undefined}>
        <Button variant="primary" onClick={runAll} disabled={!canRun || invalidColumns === setup.columns.length} aria-keyshortcuts="Control+Enter">
          {compare ? "Run all" : "Run"} <kbd className="ml-1 rounded border border-white/40 px-1 text-[10px] font-normal">Ctrl+Enter</kbd>
        </Button>
        <Button variant="danger" onClick={() => store.stopAll()} disabled={!anyRunning}>
          {compare ? "Stop all" : "Stop"}
        </Button>
        <Button onClick={() => commit(addColumn(setup))} disabled={!canRun || setup.columns.length >= MAX_COLUMNS}>
          {compare ? "Add column" : "Compare"}
        </Button>
        <Button
          variant="ghost"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(window.location.href);
              setCopied(true);
              setTimeout(() => setCopied(false), 2000);
            } catch {
              setCopied(false);
            }
          }}
        >
          {copied ? "Link copied" : "Copy link to this setup"}
        </Button>
        {urlLength > LONG_URL ? <span className="text-xs text-amber-800 dark:text-amber-300">This setup makes a long link; some servers refuse links over 8 KB.</span> : null}
      </div>

      {compare ? (
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" disabled={!canRun}>
          <legend className="sr-only">Keep in sync across columns</legend>
          <span className="font-medium text-slate-700 dark:text-slate-300" aria-hidden>
            Keep in sync:
          </span>
          {SYNC_SECTIONS.map((section) => (
            <label key={section} className="flex items-center gap-1.5">
              <input type="checkbox" checked={setup.sync[section]} onChange={(event) => commit(setSync(setup, section, event.target.checked))} />
              {SYNC_LABELS[section]}
            </label>
          ))}
        </fieldset>
      ) : null}

      {syncOn ? (
        <section aria-labelledby="shared-settings-title" className="space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
          <h2 id="shared-settings-title" className="text-sm font-semibold">
            Shared by all columns
          </h2>
          <div className="grid gap-6 lg:grid-cols-2">
            {setup.sync.conversation ? <ConversationSection request={first.request} onChange={sharedChange} issues={firstIssues} disabled={!canRun} /> : null}
            <div className="space-y-4">
              {setup.sync.search ? <SearchSection request={first.request} onChange={sharedChange} issues={firstIssues} disabled={!canRun} /> : null}
              {setup.sync.output ? <OutputSection request={first.request} onChange={sharedChange} issues={firstIssues} disabled={!canRun} /> : null}
            </div>
          </div>
        </section>
      ) : null}

      <div
        className={
          compare
            ? `grid gap-4 ${setup.columns.length === 2 ? "md:grid-cols-2" : setup.columns.length === 3 ? "md:grid-cols-2 xl:grid-cols-3" : "md:grid-cols-2 2xl:grid-cols-4"}`
            : ""
        }
      >
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
          />
        ))}
      </div>

      {compare ? (
        <CompareSummary
          columns={runs.map(({ id, run }, index) => ({
            id,
            run,
            name: names[index],
            short: String.fromCharCode(65 + index),
            label: setup.columns[index]?.label,
            model: setup.columns[index] ? readModel(setup.columns[index].request) : "",
          }))}
        />
      ) : null}
    </div>
  );
}

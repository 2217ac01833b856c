"use client";

import { clsx } from "clsx";
import { memo } from "react";
import { displayHost, type CitedSource } from "@/lib/citations";
import type { SearchCall } from "@/lib/playground/run-state";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { SourceLink } from "./source-link";

export type SourcesTab = "cited" | "searched";

export interface SourcesPanelProps {
  domId: string;
  sources: readonly CitedSource[];
  searches: readonly SearchCall[];
  tab: SourcesTab;
  onTabChange: (tab: SourcesTab) => void;
  /** Source numbers lit up (from a hovered span, or the hovered source itself). */
  highlighted: readonly number[];
  onHoverSource: (source: number | null) => void;
}

export function sourceItemId(domId: string, number: number): string {
  return `${domId}-source-${number}`;
}

interface SourceItemProps {
  domId: string;
  source: CitedSource;
  lit: boolean;
  onHoverSource: (source: number | null) => void;
}

/** Memoised: the list is rebuilt on every streamed delta, an item only changes when its source does. */
const SourceItem = memo(
  function SourceItem({ domId, source, lit, onHoverSource }: SourceItemProps) {
    return (
      <li
        id={sourceItemId(domId, source.number)}
        tabIndex={-1}
        data-source={source.number}
        data-highlighted={lit ? "true" : undefined}
        onPointerEnter={() => onHoverSource(source.number)}
        onPointerLeave={() => onHoverSource(null)}
        onFocus={() => onHoverSource(source.number)}
        onBlur={() => onHoverSource(null)}
        className={clsx(
          "rounded-md border p-2 text-sm transition-colors",
          lit ? "border-amber-500 bg-amber-50 dark:border-amber-400 dark:bg-amber-400/10" : "border-slate-200 dark:border-slate-800",
        )}
      >
        <div className="flex items-start gap-2">
          <span className="mt-0.5 shrink-0 rounded bg-amber-100 px-1.5 font-mono text-xs font-semibold text-amber-900 dark:bg-amber-400/20 dark:text-amber-200">
            {source.number}
          </span>
          <div className="min-w-0 flex-1">
            <SourceLink url={source.url} title={source.title ?? source.host} className="font-medium break-words" />
            <div className="flex flex-wrap gap-x-2 text-xs text-slate-600 dark:text-slate-400">
              <span className="truncate">{source.host}</span>
              <span>
                {source.spanKeys.length} {source.spanKeys.length === 1 ? "span" : "spans"}
              </span>
            </div>
            {source.excerpt ? <p className="mt-1 line-clamp-3 text-xs leading-5 text-slate-700 dark:text-slate-300">{source.excerpt}</p> : null}
          </div>
        </div>
      </li>
    );
  },
  (a, b) =>
    a.domId === b.domId &&
    a.lit === b.lit &&
    a.onHoverSource === b.onHoverSource &&
    a.source.url === b.source.url &&
    a.source.number === b.source.number &&
    a.source.title === b.source.title &&
    a.source.excerpt === b.source.excerpt &&
    a.source.spanKeys.length === b.source.spanKeys.length,
);

export function SourcesPanel({ domId, sources, searches, tab, onTabChange, highlighted, onHoverSource }: SourcesPanelProps) {
  const citedUrls = new Set(sources.map((source) => source.url));
  const searched = searches.flatMap((search) => {
    const action = search.item.action;
    const query = action && action.type === "search" && typeof action.query === "string" ? action.query : null;
    const results = action && action.type === "search" && Array.isArray(action.sources) ? action.sources : [];
    return [{ id: search.id, status: search.status, query, results: results as { url: string; title?: string }[] }];
  });
  const searchedCount = searched.reduce((sum, search) => sum + search.results.length, 0);

  return (
    <Tabs value={tab} onValueChange={(value) => onTabChange(value as SourcesTab)}>
      <TabsList aria-label="Sources">
        <TabsTrigger value="cited">Cited ({sources.length})</TabsTrigger>
        <TabsTrigger value="searched">Searched ({searchedCount})</TabsTrigger>
      </TabsList>
      <TabsContent value="cited">
        {sources.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No citations yet.</p>
        ) : (
          <ol className="space-y-2" data-testid="cited-sources">
            {sources.map((source) => (
              <SourceItem key={source.url} domId={domId} source={source} lit={highlighted.includes(source.number)} onHoverSource={onHoverSource} />
            ))}
          </ol>
        )}
      </TabsContent>
      <TabsContent value="searched">
        {searched.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No web search in this run.</p>
        ) : (
          <div className="space-y-3" data-testid="searched-sources">
            {searched.map((search) => (
              <section key={search.id} aria-label={search.query ? `Search: ${search.query}` : "Web search"}>
                <p className="mb-1 text-xs text-slate-600 dark:text-slate-400">
                  {search.query ? (
                    <>
                      Searched for <q className="font-medium text-slate-800 dark:text-slate-200">{search.query}</q>
                    </>
                  ) : (
                    "Web search"
                  )}{" "}
                  · {search.status}
                </p>
                {search.results.length === 0 ? (
                  <p className="text-sm text-slate-600 dark:text-slate-400">{search.status === "completed" ? "No results." : "Searching…"}</p>
                ) : (
                  <ul className="space-y-1">
                    {search.results.map((result) => (
                      <li key={result.url} className="flex items-baseline justify-between gap-2 text-sm">
                        <span className="min-w-0">
                          <SourceLink url={result.url} title={result.title || displayHost(result.url)} className="break-words" />
                          <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">{displayHost(result.url)}</span>
                        </span>
                        {citedUrls.has(result.url) ? (
                          <span className="shrink-0 rounded-full bg-emerald-50 px-2 text-xs font-medium text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200">cited</span>
                        ) : (
                          <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">not cited</span>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </div>
        )}
      </TabsContent>
    </Tabs>
  );
}

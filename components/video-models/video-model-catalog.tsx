"use client";

import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { debounce, useQueryStates } from "nuqs";
import { useCallback, useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input, Select } from "@/components/ui/input";
import { SkippedNote } from "@/components/ui/skipped-note";
import { ApiError } from "@/lib/client/api-client";
import { rememberVideoModelsEtag, videoModelQueries } from "@/lib/client/queries/video-models";
import type { VideoModel } from "@/lib/gateway";
import { activeFilterCount, buildCatalogView, type CatalogSort } from "@/lib/video-models/catalog";
import { estimateCost } from "@/lib/video-models/cost";
import { compareResolutions, durationsOf, resolutionsOf } from "@/lib/video-models/model-facts";
import { catalogSearchParams, CLEARED_FILTERS, filtersFromUrl, MAX_COMPARE, settingsFromUrl, sortFromUrl } from "@/lib/video-models/search-params";
import { CatalogSkeleton } from "./catalog-skeleton";
import { CompareBar } from "./compare-bar";
import { CompareDialog } from "./compare-dialog";
import { CalculatorControls, CostChart } from "./cost-calculator";
import { FilterPanel, type UrlPatch } from "./filter-panel";
import { ModelCard } from "./model-card";
import { ModelDetailDialog } from "./model-detail-dialog";

const SORT_LABELS: Record<CatalogSort, string> = { name: "Name", newest: "Newest", cheapest: "Cheapest for the chosen settings" };
const EMPTY: VideoModel[] = [];

function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return "Your session has ended. Sign in again to see the catalog.";
    if (error.status === 0) return error.message;
    return `The gateway answered ${error.status}: ${error.message}`;
  }
  return "The model list could not be read.";
}

/** The catalog page's interactive part: every control writes the URL, everything shown is derived from it and the cached list. */
export function VideoModelCatalog({ etag = null }: { /** ETag of the list the server prefetched, for the first revalidation. */ etag?: string | null }) {
  // Before the first query runs: a refresh of the prefetched list then asks "changed since this ETag?".
  useState(() => rememberVideoModelsEtag(etag));
  const [url, setUrl] = useQueryStates(catalogSearchParams, { history: "replace" });
  const query = useQuery(videoModelQueries.list());
  const models = query.data?.data ?? EMPTY;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [compareOpen, setCompareOpen] = useState(false);
  const searchId = useId();
  const sortId = useId();

  const filters = useMemo(() => filtersFromUrl(url), [url]);
  const settings = useMemo(() => settingsFromUrl(url), [url]);
  const sort = sortFromUrl(url);
  const view = useMemo(() => buildCatalogView(models, filters, sort, settings), [models, filters, sort, settings]);

  const allDurations = useMemo(() => [...new Set(models.flatMap(durationsOf))].sort((a, b) => a - b), [models]);
  const allResolutions = useMemo(() => [...new Set(models.flatMap(resolutionsOf))].sort(compareResolutions), [models]);
  const durationScale = allDurations.length > 0 ? allDurations[allDurations.length - 1] : 10;

  const update = useCallback((patch: UrlPatch) => void setUrl(patch), [setUrl]);
  const clearFilters = useCallback(() => void setUrl(CLEARED_FILTERS), [setUrl]);

  const byId = useMemo(() => new Map(models.map((m) => [m.id, m])), [models]);
  const selectedIds = url.compare.filter((id) => byId.has(id)).slice(0, MAX_COMPARE);
  const selected = selectedIds.map((id) => byId.get(id)!);
  const toggleCompare = (id: string) => {
    const next = selectedIds.includes(id) ? selectedIds.filter((x) => x !== id) : [...selectedIds, id].slice(0, MAX_COMPARE);
    update({ compare: next });
  };

  const detail = url.model ? (byId.get(url.model) ?? null) : null;

  // The dialogs open from state and the URL, not from Radix triggers, so focus is handed back by hand
  // to the control that opened them (a dialog opened by a shared link has none and keeps Radix's default).
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const returnFocus = (event: Event) => {
    if (opener.current?.isConnected) {
      event.preventDefault();
      opener.current.focus();
    }
    opener.current = null;
  };
  const active = activeFilterCount(filters);

  if (query.isPending) return <CatalogSkeleton />;

  if (query.isError && models.length === 0) {
    const unauthorized = query.error instanceof ApiError && query.error.status === 401;
    return (
      <div role="alert" data-testid="catalog-error">
        <EmptyState
          title="Could not load the video models"
          action={
            unauthorized ? (
              <Button asChild variant="primary">
                <a href={`/sign-in?callbackUrl=${encodeURIComponent("/video-models")}`}>Sign in</a>
              </Button>
            ) : (
              <Button variant="primary" onClick={() => void query.refetch()} disabled={query.isFetching}>
                {query.isFetching ? "Retrying…" : "Retry"}
              </Button>
            )
          }
        >
          {errorMessage(query.error)}
        </EmptyState>
      </div>
    );
  }

  if (models.length === 0) {
    return <EmptyState title="No video models">The gateway lists no video-generation models.</EmptyState>;
  }

  return (
    <div className={clsx("grid gap-6 lg:grid-cols-[15rem_1fr]", selected.length > 0 && "pb-20")}>
      <aside aria-labelledby="filters-heading" className="lg:sticky lg:top-16 lg:self-start">
        <div className="flex items-center justify-between gap-2">
          <h2 id="filters-heading" className="text-sm font-semibold">
            Filters{active > 0 ? <span className="font-normal text-slate-600 dark:text-slate-400"> ({active} active)</span> : null}
          </h2>
          <div className="flex gap-1">
            {active > 0 ? (
              <Button size="sm" variant="ghost" onClick={clearFilters}>
                Clear filters
              </Button>
            ) : null}
            <Button size="sm" className="lg:hidden" aria-expanded={filtersOpen} aria-controls="video-filter-panel" onClick={() => setFiltersOpen((open) => !open)}>
              {filtersOpen ? "Hide filters" : "Show filters"}
            </Button>
          </div>
        </div>
        <div id="video-filter-panel" className={clsx("mt-3", filtersOpen ? "block" : "hidden lg:block")}>
          <FilterPanel filters={filters} facets={view.facets} onChange={update} />
        </div>
      </aside>

      <div className="min-w-0 space-y-5">
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-48 flex-1">
            <label htmlFor={searchId} className="mb-0.5 block text-xs font-medium text-slate-700 dark:text-slate-300">
              Search
            </label>
            <Input
              id={searchId}
              type="search"
              placeholder="Name, provider, description…"
              value={url.q}
              onChange={(event) => void setUrl({ q: event.target.value }, { limitUrlUpdates: debounce(250) })}
            />
          </div>
          <div>
            <label htmlFor={sortId} className="mb-0.5 block text-xs font-medium text-slate-700 dark:text-slate-300">
              Sort by
            </label>
            <Select id={sortId} value={sort} onChange={(event) => update({ sort: event.target.value as CatalogSort })}>
              {Object.entries(SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
        </div>

        <section aria-labelledby="calculator-heading" className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="calculator-heading" className="text-sm font-semibold">
                Cost calculator
              </h2>
              <p className="text-xs text-slate-600 dark:text-slate-400">Estimates use each model’s own SKUs; “n/a” where they do not allow it.</p>
            </div>
            <CalculatorControls settings={settings} durations={allDurations} resolutions={allResolutions} onChange={update} />
          </div>
          <CostChart entries={view.entries} settings={settings} />
        </section>

        {query.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
            Could not refresh the list ({errorMessage(query.error)}); showing the last one received.
            <Button size="sm" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </div>
        ) : null}

        <section aria-labelledby="results-heading" className="space-y-3">
          <div className="flex items-center justify-between gap-2">
            <h2 id="results-heading" className="text-sm font-semibold">
              <span role="status" data-testid="result-count">
                {view.entries.length === view.total ? `${view.total} models` : `${view.entries.length} of ${view.total} models`}
              </span>
            </h2>
            <Button size="sm" variant="ghost" onClick={() => void query.refetch()} disabled={query.isFetching}>
              {query.isFetching ? "Refreshing…" : "Refresh list"}
            </Button>
          </div>
          <SkippedNote count={query.data?.metadata?.skipped} noun="model" />
          {view.entries.length === 0 ? (
            <EmptyState
              title="No model matches"
              action={
                <Button variant="primary" onClick={clearFilters}>
                  Clear filters
                </Button>
              }
            >
              No video model offers every option you picked. Remove a filter or clear them all.
            </EmptyState>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-3">
              {view.entries.map(({ model, estimate }) => (
                <li key={model.id} className="flex">
                  <ModelCard
                    model={model}
                    estimate={estimate}
                    settings={settings}
                    durationScale={durationScale}
                    selected={selectedIds.includes(model.id)}
                    canSelect={selectedIds.length < MAX_COMPARE}
                    onToggleCompare={toggleCompare}
                    onOpenDetail={(id) => {
                      rememberOpener();
                      update({ model: id });
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <CompareBar
        selected={selected}
        onRemove={toggleCompare}
        onClear={() => update({ compare: null })}
        onCompare={() => {
          rememberOpener();
          setCompareOpen(true);
        }}
      />
      <CompareDialog models={selected} settings={settings} open={compareOpen && selected.length >= 2} onOpenChange={setCompareOpen} onCloseAutoFocus={returnFocus} />
      <ModelDetailDialog
        model={detail}
        estimate={detail ? estimateCost(detail, settings) : null}
        settings={settings}
        onClose={() => update({ model: null })}
        onCloseAutoFocus={returnFocus}
      />
    </div>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { debounce, useQueryStates } from "nuqs";
import { Suspense, useCallback, useMemo, useState } from "react";
import { lazyNamed } from "@/components/ui/lazy-component";
import { useNeededOnce } from "@/components/ui/use-needed-once";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SkippedNote } from "@/components/ui/skipped-note";
import { rememberVideoModelsEtag, videoModelQueries } from "@/lib/client/queries/video-models";
import type { VideoModel } from "@/lib/contract/gateway";
import { activeFilterCount, buildCatalogView } from "@/lib/video-models/catalog";
import { estimateCost } from "@/lib/video-models/cost";
import { compareResolutions, durationsOf, resolutionsOf } from "@/lib/video-models/model-facts";
import { catalogSearchParams, CLEARED_FILTERS, filtersFromUrl, MAX_COMPARE, settingsFromUrl, sortFromUrl } from "@/lib/video-models/search-params";
import { CatalogSkeleton } from "./catalog-skeleton";
import { CatalogToolbar } from "./catalog-toolbar";
import { CompareBar } from "./compare-bar";
import { CalculatorControls, CostChart } from "./cost-calculator";
import type { UrlPatch } from "./filter-panel";
import { FiltersAside } from "./filters-aside";
import { ModelCard } from "./model-card";
import { useReturnFocus } from "./use-return-focus";

const EMPTY: VideoModel[] = [];

// The compare and detail dialogs are chunks of their own, loaded when first opened (a shared link with a
// model opens its dialog right after the page loads).
const CompareDialog = lazyNamed(() => import("./compare-dialog"), "CompareDialog");
const ModelDetailDialog = lazyNamed(() => import("./model-detail-dialog"), "ModelDetailDialog");
// The catalog's failures are rare: their views (and the messages) load when first shown.
const CatalogLoadError = lazyNamed(() => import("./catalog-load-error"), "CatalogLoadError");
const CatalogRefreshError = lazyNamed(() => import("./catalog-load-error"), "CatalogRefreshError");

/** The catalog page's interactive part: every control writes the URL, everything shown is derived from it and the cached list. */
export function VideoModelCatalog({ etag = null }: { /** ETag of the list the server prefetched, for the first revalidation. */ etag?: string | null }) {
  // Before the first query runs: a refresh of the prefetched list then asks "changed since this ETag?".
  useState(() => rememberVideoModelsEtag(etag));
  const [url, setUrl] = useQueryStates(catalogSearchParams, { history: "replace" });
  const query = useQuery(videoModelQueries.list());
  const models = query.data?.data ?? EMPTY;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [compareOpen, setCompareOpen] = useState(false);

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
  const compareNeeded = useNeededOnce(compareOpen);
  const detailNeeded = useNeededOnce(detail !== null);

  // The dialogs open from state and the URL, so focus is handed back by hand to the control that opened them.
  const { rememberOpener, returnFocus } = useReturnFocus();
  const active = activeFilterCount(filters);

  if (query.isPending) return <CatalogSkeleton />;

  if (query.isError && models.length === 0) {
    return (
      <Suspense fallback={null}>
        <CatalogLoadError error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
      </Suspense>
    );
  }

  if (models.length === 0) {
    return <EmptyState title="No video models">The gateway lists no video-generation models.</EmptyState>;
  }

  return (
    <div className={clsx("grid gap-6 lg:grid-cols-[15rem_1fr]", selected.length > 0 && "pb-20")}>
      <FiltersAside
        filters={filters}
        facets={view.facets}
        activeCount={active}
        filtersOpen={filtersOpen}
        onToggleOpen={() => setFiltersOpen((open) => !open)}
        onChange={update}
        onClear={clearFilters}
      />

      <div className="min-w-0 space-y-5">
        <CatalogToolbar
          query={url.q}
          onQueryChange={(q) => void setUrl({ q }, { limitUrlUpdates: debounce(250) })}
          sort={sort}
          onSortChange={(next) => update({ sort: next })}
        />

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
          <Suspense fallback={null}>
            <CatalogRefreshError error={query.error} onRetry={() => void query.refetch()} />
          </Suspense>
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
      <Suspense fallback={null}>
        {compareNeeded ? (
          <CompareDialog models={selected} settings={settings} open={compareOpen && selected.length >= 2} onOpenChange={setCompareOpen} onCloseAutoFocus={returnFocus} />
        ) : null}
        {detailNeeded ? (
          <ModelDetailDialog
            model={detail}
            estimate={detail ? estimateCost(detail, settings) : null}
            settings={settings}
            onClose={() => update({ model: null })}
            onCloseAutoFocus={returnFocus}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

"use client";

import { clsx } from "clsx";
import { Button } from "@/components/ui/button";
import type { CatalogFilters, FacetCounts } from "@/lib/video-models/catalog";
import { FilterPanel, type UrlPatch } from "./filter-panel";

/** The filters beside the results: how many are active, Clear, and on small screens Show / Hide. */
export function FiltersAside({
  filters,
  facets,
  activeCount,
  filtersOpen,
  onToggleOpen,
  onChange,
  onClear,
}: {
  filters: CatalogFilters;
  facets: FacetCounts;
  activeCount: number;
  /** The panel is shown on small screens. */
  filtersOpen: boolean;
  onToggleOpen: () => void;
  onChange: (patch: UrlPatch) => void;
  onClear: () => void;
}) {
  return (
    <aside aria-labelledby="filters-heading" className="lg:sticky lg:top-16 lg:self-start">
      <div className="flex items-center justify-between gap-2">
        <h2 id="filters-heading" className="text-sm font-semibold">
          Filters{activeCount > 0 ? <span className="font-normal text-slate-600 dark:text-slate-400"> ({activeCount} active)</span> : null}
        </h2>
        <div className="flex gap-1">
          {activeCount > 0 ? (
            <Button size="sm" variant="ghost" onClick={onClear}>
              Clear filters
            </Button>
          ) : null}
          <Button size="sm" className="lg:hidden" aria-expanded={filtersOpen} aria-controls="video-filter-panel" onClick={onToggleOpen}>
            {filtersOpen ? "Hide filters" : "Show filters"}
          </Button>
        </div>
      </div>
      <div id="video-filter-panel" className={clsx("mt-3", filtersOpen ? "block" : "hidden lg:block")}>
        <FilterPanel filters={filters} facets={facets} onChange={onChange} />
      </div>
    </aside>
  );
}

"use client";

import { useId } from "react";
import { Input, Select } from "@/components/ui/input";
import type { CatalogSort } from "@/lib/video-models/catalog";

const SORT_LABELS: Record<CatalogSort, string> = { name: "Name", newest: "Newest", cheapest: "Cheapest for the chosen settings" };

/** Search and sort above the results. */
export function CatalogToolbar({
  query,
  onQueryChange,
  sort,
  onSortChange,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  sort: CatalogSort;
  onSortChange: (sort: CatalogSort) => void;
}) {
  const searchId = useId();
  const sortId = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="min-w-48 flex-1">
        <label htmlFor={searchId} className="mb-0.5 block text-xs font-medium text-slate-700 dark:text-slate-300">
          Search
        </label>
        <Input id={searchId} type="search" placeholder="Name, provider, description…" value={query} onChange={(event) => onQueryChange(event.target.value)} />
      </div>
      <div>
        <label htmlFor={sortId} className="mb-0.5 block text-xs font-medium text-slate-700 dark:text-slate-300">
          Sort by
        </label>
        <Select id={sortId} value={sort} onChange={(event) => onSortChange(event.target.value as CatalogSort)}>
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

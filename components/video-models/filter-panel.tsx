"use client";

import { clsx } from "clsx";
import { useId } from "react";
import { Select } from "@/components/ui/input";
import type { CatalogFilters, FacetCounts, FacetValue } from "@/lib/video-models/catalog";
import type { CatalogUrlState } from "@/lib/video-models/search-params";
import { AspectRatioShape } from "./capability-visuals";

export type UrlPatch = Partial<{ [K in keyof CatalogUrlState]: CatalogUrlState[K] | null }>;

function plural(count: number): string {
  return count === 1 ? "1 model" : `${count} models`;
}

function CountBadge({ count }: { count: number }) {
  return (
    <span
      data-testid="facet-count"
      data-count={count}
      className={clsx(
        "ml-auto min-w-6 rounded-full px-1.5 text-center text-xs tabular-nums",
        count === 0 ? "text-slate-500 dark:text-slate-400" : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
      )}
    >
      <span aria-hidden>{count}</span>
      <span className="sr-only">, {plural(count)}</span>
    </span>
  );
}

function CheckRow({ label, checked, count, onChange, visual }: { label: string; checked: boolean; count: number; onChange: (checked: boolean) => void; visual?: React.ReactNode }) {
  return (
    <label
      className={clsx(
        "flex cursor-pointer items-center gap-2 rounded-md px-1.5 py-1 text-sm hover:bg-slate-50 dark:hover:bg-slate-800/60",
        count === 0 && !checked && "text-slate-500 dark:text-slate-400",
      )}
    >
      <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {visual}
      <span>{label}</span>
      <CountBadge count={count} />
    </label>
  );
}

function toggle(values: string[], value: string, on: boolean): string[] {
  return on ? [...values.filter((v) => v !== value), value] : values.filter((v) => v !== value);
}

function Group({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="space-y-0.5">
      <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{legend}</legend>
      {children}
    </fieldset>
  );
}

function BoundSelect({ label, value, options, onChange, name }: { label: string; value: number | null; options: FacetValue<number>[]; onChange: (value: number | null) => void; name: string }) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="mb-0.5 block text-xs text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <Select id={id} name={name} value={value === null ? "" : String(value)} onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}>
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.value} s · {plural(option.count)}
          </option>
        ))}
      </Select>
    </div>
  );
}

/**
 * The catalog's filters. Each value shows how many models would match with it chosen, the other
 * filters kept; values within a group are alternatives (any of), groups combine (all of).
 */
/** A facet's values as checkboxes with their counts; `onChange` gets the values chosen after a click. */
function FacetGroup({ legend, facets, chosen, visual, onChange }: {
  legend: string;
  facets: { value: string; count: number }[];
  chosen: string[];
  visual?: (value: string) => React.ReactNode;
  onChange: (values: string[]) => void;
}) {
  return (
    <Group legend={legend}>
      {facets.map(({ value, count }) => (
        <CheckRow key={value} label={value} count={count} visual={visual?.(value)} checked={chosen.includes(value)} onChange={(on) => onChange(toggle(chosen, value, on))} />
      ))}
    </Group>
  );
}

export function FilterPanel({ filters, facets, onChange }: { filters: CatalogFilters; facets: FacetCounts; onChange: (patch: UrlPatch) => void }) {
  return (
    <div className="space-y-5" data-testid="filter-panel">
      <FacetGroup legend="Resolution" facets={facets.resolutions} chosen={filters.resolutions} onChange={(res) => onChange({ res })} />

      <FacetGroup
        legend="Aspect ratio"
        facets={facets.aspectRatios}
        chosen={filters.aspectRatios}
        visual={(value) => <AspectRatioShape ratio={value} size={18} />}
        onChange={(ratio) => onChange({ ratio })}
      />

      <Group legend="Duration">
        <div className="flex gap-2">
          <BoundSelect label="From" name="min_s" value={filters.minDuration} options={facets.minDuration} onChange={(value) => onChange({ min_s: value })} />
          <BoundSelect label="To" name="max_s" value={filters.maxDuration} options={facets.maxDuration} onChange={(value) => onChange({ max_s: value })} />
        </div>
        {filters.minDuration !== null && filters.maxDuration !== null && filters.minDuration > filters.maxDuration ? (
          <p role="status" className="pt-1 text-xs text-amber-800 dark:text-amber-200">
            “From” is longer than “To”: no duration fits.
          </p>
        ) : null}
      </Group>

      <Group legend="Capabilities">
        <CheckRow label="Generates audio" count={facets.audio} checked={filters.audio} onChange={(on) => onChange({ audio: on })} />
        <CheckRow label="First frame image" count={facets.firstFrame} checked={filters.firstFrame} onChange={(on) => onChange({ first_frame: on })} />
        <CheckRow label="Last frame image" count={facets.lastFrame} checked={filters.lastFrame} onChange={(on) => onChange({ last_frame: on })} />
      </Group>
    </div>
  );
}

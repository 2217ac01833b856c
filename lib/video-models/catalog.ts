import type { VideoModel } from "@/lib/contract/gateway";
import { estimateCost, type CostEstimate, type CostSettings } from "./cost";
import { aspectRatiosOf, compareAspectRatios, compareResolutions, durationsOf, providerOf, resolutionsOf, supportsFrame } from "./model-facts";

export interface CatalogFilters {
  /** Free text; every word must occur in the name, id, provider or description. */
  q: string;
  /** A model matches when it offers any of these (values within one filter are alternatives). */
  resolutions: string[];
  aspectRatios: string[];
  /** A model matches when one of its durations lies in [minDuration, maxDuration]. */
  minDuration: number | null;
  maxDuration: number | null;
  audio: boolean;
  firstFrame: boolean;
  lastFrame: boolean;
}

export const SORTS = ["name", "newest", "cheapest"] as const;
export type CatalogSort = (typeof SORTS)[number];

export const EMPTY_FILTERS: CatalogFilters = {
  q: "",
  resolutions: [],
  aspectRatios: [],
  minDuration: null,
  maxDuration: null,
  audio: false,
  firstFrame: false,
  lastFrame: false,
};

type FacetKey = "q" | "resolutions" | "aspectRatios" | "duration" | "audio" | "firstFrame" | "lastFrame";

function words(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

function matchesText(model: VideoModel, query: string[]): boolean {
  if (query.length === 0) return true;
  const haystack = [model.name, model.id, model.canonical_slug, providerOf(model) ?? "", model.description ?? ""].join("\n").toLowerCase();
  return query.every((word) => haystack.includes(word));
}

function matchesDuration(model: VideoModel, min: number | null, max: number | null): boolean {
  if (min === null && max === null) return true;
  return durationsOf(model).some((d) => (min === null || d >= min) && (max === null || d <= max));
}

function matchesFacet(model: VideoModel, filters: CatalogFilters, key: FacetKey, query: string[]): boolean {
  switch (key) {
    case "q":
      return matchesText(model, query);
    case "resolutions":
      return filters.resolutions.length === 0 || resolutionsOf(model).some((r) => filters.resolutions.includes(r));
    case "aspectRatios":
      return filters.aspectRatios.length === 0 || aspectRatiosOf(model).some((r) => filters.aspectRatios.includes(r));
    case "duration":
      return matchesDuration(model, filters.minDuration, filters.maxDuration);
    case "audio":
      return !filters.audio || model.generate_audio === true;
    case "firstFrame":
      return !filters.firstFrame || supportsFrame(model, "first_frame");
    case "lastFrame":
      return !filters.lastFrame || supportsFrame(model, "last_frame");
  }
}

const FACETS: FacetKey[] = ["q", "resolutions", "aspectRatios", "duration", "audio", "firstFrame", "lastFrame"];

/** Whether the model passes every filter except `except` (the facet whose own counts are being computed). */
function matchesAllBut(model: VideoModel, filters: CatalogFilters, query: string[], except?: FacetKey): boolean {
  return FACETS.every((key) => key === except || matchesFacet(model, filters, key, query));
}

export function filterModels(models: VideoModel[], filters: CatalogFilters): VideoModel[] {
  const query = words(filters.q);
  return models.filter((model) => matchesAllBut(model, filters, query));
}

export interface FacetValue<T> {
  value: T;
  /** Models that would match with this value chosen (the other filters kept as they are). */
  count: number;
}

export interface FacetCounts {
  resolutions: FacetValue<string>[];
  aspectRatios: FacetValue<string>[];
  /** Options for the lower bound, each counted with the current upper bound. */
  minDuration: FacetValue<number>[];
  /** Options for the upper bound, each counted with the current lower bound. */
  maxDuration: FacetValue<number>[];
  audio: number;
  firstFrame: number;
  lastFrame: number;
}

/**
 * For every filter value, how many models would match if that value were chosen while the other
 * filters stay as they are. Values come from the whole catalog so an option never disappears because
 * another filter hides every model offering it (it shows 0 instead).
 */
export function countFacets(models: VideoModel[], filters: CatalogFilters): FacetCounts {
  const query = words(filters.q);
  const without = (key: FacetKey) => models.filter((model) => matchesAllBut(model, filters, query, key));

  const allResolutions = [...new Set(models.flatMap(resolutionsOf))].sort(compareResolutions);
  const allRatios = [...new Set(models.flatMap(aspectRatiosOf))].sort(compareAspectRatios);
  const allDurations = [...new Set(models.flatMap(durationsOf))].sort((a, b) => a - b);

  const byResolution = without("resolutions");
  const byRatio = without("aspectRatios");
  const byDuration = without("duration");
  const byAudio = without("audio");
  const byFirst = without("firstFrame");
  const byLast = without("lastFrame");

  return {
    resolutions: allResolutions.map((value) => ({ value, count: byResolution.filter((m) => resolutionsOf(m).includes(value)).length })),
    aspectRatios: allRatios.map((value) => ({ value, count: byRatio.filter((m) => aspectRatiosOf(m).includes(value)).length })),
    minDuration: allDurations.map((value) => ({
      value,
      count: byDuration.filter((m) => matchesDuration(m, value, filters.maxDuration)).length,
    })),
    maxDuration: allDurations.map((value) => ({
      value,
      count: byDuration.filter((m) => matchesDuration(m, filters.minDuration, value)).length,
    })),
    audio: byAudio.filter((m) => m.generate_audio === true).length,
    firstFrame: byFirst.filter((m) => supportsFrame(m, "first_frame")).length,
    lastFrame: byLast.filter((m) => supportsFrame(m, "last_frame")).length,
  };
}

export interface CatalogEntry {
  model: VideoModel;
  estimate: CostEstimate;
}

function compareNames(a: VideoModel, b: VideoModel): number {
  return a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.id.localeCompare(b.id);
}

/** Orders entries; "cheapest" puts models without an estimate last (by name), never at an invented price. */
export function sortEntries(entries: CatalogEntry[], sort: CatalogSort): CatalogEntry[] {
  const sorted = [...entries];
  sorted.sort((a, b) => {
    if (sort === "newest") return b.model.created - a.model.created || compareNames(a.model, b.model);
    if (sort === "cheapest") {
      const ea = a.estimate.kind === "estimate" ? a.estimate.usd : Number.POSITIVE_INFINITY;
      const eb = b.estimate.kind === "estimate" ? b.estimate.usd : Number.POSITIVE_INFINITY;
      if (ea !== eb) return ea < eb ? -1 : 1;
    }
    return compareNames(a.model, b.model);
  });
  return sorted;
}

export interface CatalogView {
  entries: CatalogEntry[];
  facets: FacetCounts;
  total: number;
}

/** Everything the catalog page shows for one URL state: the matching models in order, with estimates, and the facet counts. */
export function buildCatalogView(models: VideoModel[], filters: CatalogFilters, sort: CatalogSort, settings: CostSettings): CatalogView {
  const entries = filterModels(models, filters).map((model) => ({ model, estimate: estimateCost(model, settings) }));
  return { entries: sortEntries(entries, sort), facets: countFacets(models, filters), total: models.length };
}

/** How many filters are active (the number shown on the collapsed filter panel). */
export function activeFilterCount(filters: CatalogFilters): number {
  return (
    (filters.q.trim() ? 1 : 0) +
    filters.resolutions.length +
    filters.aspectRatios.length +
    (filters.minDuration !== null ? 1 : 0) +
    (filters.maxDuration !== null ? 1 : 0) +
    (filters.audio ? 1 : 0) +
    (filters.firstFrame ? 1 : 0) +
    (filters.lastFrame ? 1 : 0)
  );
}

/** A short summary of the active filters ("“veo” · 1080p · 16:9 · 5–10 s · audio"), empty when none. */
export function describeFilters(filters: CatalogFilters): string {
  const parts: string[] = [];
  if (filters.q.trim()) parts.push(`“${filters.q.trim()}”`);
  parts.push(...filters.resolutions, ...filters.aspectRatios);
  if (filters.minDuration !== null || filters.maxDuration !== null) {
    if (filters.minDuration !== null && filters.maxDuration !== null) parts.push(`${filters.minDuration}–${filters.maxDuration} s`);
    else if (filters.minDuration !== null) parts.push(`≥ ${filters.minDuration} s`);
    else parts.push(`≤ ${filters.maxDuration} s`);
  }
  if (filters.audio) parts.push("audio");
  if (filters.firstFrame) parts.push("first frame");
  if (filters.lastFrame) parts.push("last frame");
  return parts.join(" · ");
}

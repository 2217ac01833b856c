import { createLoader, createSerializer, parseAsArrayOf, parseAsBoolean, parseAsInteger, parseAsString, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import type { CatalogFilters, CatalogSort } from "./catalog";
import { SORTS } from "./catalog";
import type { CostSettings } from "./cost";
import { normalizeResolution } from "./sku";

/** Defaults of the cost calculator: the most common offer in the catalog (and the gateway's own example). */
const DEFAULT_SETTINGS: CostSettings = { duration: 5, resolution: "720p", audio: false };

/**
 * The catalog's whole view state, in the URL so a filtered, sorted, priced view can be shared.
 * Shared by the server page (createLoader) and the client island (useQueryStates); defaults are
 * left out of the URL.
 */
export const catalogSearchParams = {
  q: parseAsString.withDefault(""),
  res: parseAsArrayOf(parseAsString).withDefault([]),
  ratio: parseAsArrayOf(parseAsString).withDefault([]),
  min_s: parseAsInteger,
  max_s: parseAsInteger,
  audio: parseAsBoolean.withDefault(false),
  first_frame: parseAsBoolean.withDefault(false),
  last_frame: parseAsBoolean.withDefault(false),
  sort: parseAsStringLiteral(SORTS).withDefault("name"),
  /** Cost calculator settings. */
  duration: parseAsInteger.withDefault(DEFAULT_SETTINGS.duration),
  resolution: parseAsString.withDefault(DEFAULT_SETTINGS.resolution),
  with_audio: parseAsBoolean.withDefault(DEFAULT_SETTINGS.audio),
  /** Models picked for comparison (ids). */
  compare: parseAsArrayOf(parseAsString).withDefault([]),
  /** The model whose detail view is open. */
  model: parseAsString,
};

export type CatalogUrlState = inferParserType<typeof catalogSearchParams>;

export const loadCatalogSearchParams = createLoader(catalogSearchParams);

export const MAX_COMPARE = 4;

function positiveOrNull(value: number | null): number | null {
  return value !== null && value > 0 ? value : null;
}

/** The filters a URL state asks for, cleaned: resolutions normalised, nonsense bounds dropped. */
export function filtersFromUrl(state: CatalogUrlState): CatalogFilters {
  return {
    q: state.q,
    resolutions: [...new Set(state.res.map((value) => normalizeResolution(value) ?? value))],
    aspectRatios: [...new Set(state.ratio)],
    minDuration: positiveOrNull(state.min_s),
    maxDuration: positiveOrNull(state.max_s),
    audio: state.audio,
    firstFrame: state.first_frame,
    lastFrame: state.last_frame,
  };
}

export function settingsFromUrl(state: CatalogUrlState): CostSettings {
  return {
    duration: state.duration > 0 ? state.duration : DEFAULT_SETTINGS.duration,
    resolution: normalizeResolution(state.resolution) ?? DEFAULT_SETTINGS.resolution,
    audio: state.with_audio,
  };
}

export function sortFromUrl(state: CatalogUrlState): CatalogSort {
  return state.sort;
}

/** The URL patch that clears every filter (sort, calculator and comparison stay). */
export const CLEARED_FILTERS: Partial<Record<keyof CatalogUrlState, null>> = {
  q: null,
  res: null,
  ratio: null,
  min_s: null,
  max_s: null,
  audio: null,
  first_frame: null,
  last_frame: null,
};

/** Builds the query string of a catalog state (defaults omitted); used for links and tests. */
export const serializeCatalogSearchParams = createSerializer(catalogSearchParams);

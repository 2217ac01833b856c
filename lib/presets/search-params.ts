import { createLoader, createParser, parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { DEFAULT_SORT, PRESET_SORT_KEYS } from "./list";

/** `?compare=3..5`: the pair of versions a diff shows, shareable as a link. */
export interface ComparePair {
  from: number;
  to: number;
}

export const parseAsComparePair = createParser<ComparePair>({
  parse(value) {
    const match = /^(\d+)\.\.(\d+)$/.exec(value);
    if (!match) return null;
    const from = Number(match[1]);
    const to = Number(match[2]);
    return from >= 1 && to >= 1 ? { from, to } : null;
  },
  serialize: (pair) => `${pair.from}..${pair.to}`,
  eq: (a, b) => a.from === b.from && a.to === b.to,
});

const STUDIO_TABS = ["edit", "history"] as const;
export type StudioTab = (typeof STUDIO_TABS)[number];

export const studioSearchParams = {
  tab: parseAsStringLiteral(STUDIO_TABS).withDefault("edit"),
  compare: parseAsComparePair,
  /** A version opened read-only in the side panel. */
  version: parseAsInteger,
  diff: parseAsStringLiteral(["split", "unified"] as const).withDefault("split"),
};

/**
 * The presets table's URL state: search, sort and page. Shared by the server page (which prefetches the rows
 * these name) and the client island (useQueryStates), so both read the same defaults.
 */
export const presetListSearchParams = {
  q: parseAsString.withDefault(""),
  sort: parseAsStringLiteral(PRESET_SORT_KEYS).withDefault(DEFAULT_SORT.key),
  dir: parseAsStringLiteral(["asc", "desc"] as const).withDefault(DEFAULT_SORT.direction),
  page: parseAsInteger.withDefault(1),
};

export const loadPresetListSearchParams = createLoader(presetListSearchParams);

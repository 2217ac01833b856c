import { queryOptions } from "@tanstack/react-query";
import { modelSuggestionsQuery, presetQueries } from "./presets";

/**
 * What the playground reads besides the stream: the embedded/real model list and the presets
 * offered as "@preset/<slug>". (Who may run comes from the signed-in user's context.)
 * The keys are the preset studio's, so both pages share one cache entry per resource.
 */

/** Presets offered in the model picker; the first page is plenty for suggestions. */
export const PRESET_SUGGESTIONS_LIMIT = 100;

export const playgroundQueries = {
  models: modelSuggestionsQuery,
  presets: () =>
    queryOptions({
      ...presetQueries.page(0, PRESET_SUGGESTIONS_LIMIT),
      select: (page) => page.data.map((preset) => ({ slug: preset.slug, name: preset.name })),
    }),
};

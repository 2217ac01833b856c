/**
 * How a request names a preset: `"model": "@preset/<slug>"` (or `"<model>@preset/<slug>"`). The one
 * definition of the prefix, for the editor's snippets, the playground's model field and the embedded
 * gateway that expands it.
 */
export const PRESET_PREFIX = "@preset/";

/** "support" -> "@preset/support". */
export function presetModel(slug: string): string {
  return `${PRESET_PREFIX}${slug}`;
}

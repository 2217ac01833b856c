/**
 * The "New run" page prefilled with a preset's versions (`/evaluations/runs/new?preset=<slug>&versions=3,5`):
 * what the preset studio links to. A version named twice (this one is the designated one) is named once.
 */
export function evaluateVersionsHref(slug: string, versions: readonly number[]): string {
  const unique = [...new Set(versions)];
  return `/evaluations/runs/new?preset=${encodeURIComponent(slug)}&versions=${unique.join(",")}`;
}

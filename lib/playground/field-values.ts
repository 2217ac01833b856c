import type { RequestDraft } from "./setup";

/** A number field's text as a number; undefined when empty or not a finite number. */
export function numberFromText(text: string): number | undefined {
  if (text.trim() === "") return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export type XSearchFilter = NonNullable<RequestDraft["x_search_filter"]>;

/** The request's X search filter; an empty one when it has none. */
export function readXSearchFilter(request: RequestDraft): XSearchFilter {
  return request.x_search_filter && typeof request.x_search_filter === "object" ? request.x_search_filter : {};
}

/**
 * The request with `patch` applied to its X search filter. A field set to undefined, "" or false is
 * dropped, and a filter left empty is dropped from the request.
 */
export function writeXSearchFilter(request: RequestDraft, patch: Partial<Record<keyof XSearchFilter, unknown>>): RequestDraft {
  const next: Record<string, unknown> = { ...readXSearchFilter(request), ...patch };
  for (const [key, value] of Object.entries(next)) if (value === undefined || value === "" || value === false) delete next[key];
  const written = { ...request };
  if (Object.keys(next).length === 0) delete written.x_search_filter;
  else written.x_search_filter = next as XSearchFilter;
  return written;
}

/** The strings of a list field (X handles); none when it is not a list. */
export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
}

import { describeMime } from "./mime";

export interface FilterableFile {
  filename: string;
  mime_type: string;
}

/** Splits the filter box into lower-case words; every word must match the name or the type. */
export function parseFilter(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * True when every word occurs in the file name, the MIME type or its readable label ("pdf", "image/png",
 * "word"). Words may mix: "report pdf" finds PDFs whose name holds "report".
 */
function matchesFilter(file: FilterableFile, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const name = file.filename.toLowerCase();
  for (const word of words) {
    if (name.includes(word)) continue;
    if (!typeText(file.mime_type).includes(word)) return false;
  }
  return true;
}

// A workspace has a handful of distinct types; building their searchable text once keeps a filter over
// 200,000 rows to one lower-casing per row (the name).
const typeTexts = new Map<string, string>();
function typeText(mimeType: string): string {
  let text = typeTexts.get(mimeType);
  if (text === undefined) {
    text = `${mimeType} ${describeMime(mimeType).label}`.toLowerCase();
    if (typeTexts.size < 500) typeTexts.set(mimeType, text);
  }
  return text;
}

export function filterRows<T extends FilterableFile>(rows: readonly T[], text: string): readonly T[] {
  const words = parseFilter(text);
  if (words.length === 0) return rows;
  return rows.filter((row) => matchesFilter(row, words));
}

/** "12 of 8,200 loaded match; more are still to load" and its end-of-list variant. */
export function describeFilterCount(matches: number, loaded: number, complete: boolean): string {
  const fmt = new Intl.NumberFormat("en");
  const base = `${fmt.format(matches)} of ${fmt.format(loaded)} ${complete ? "files" : "loaded"} ${matches === 1 ? "matches" : "match"}`;
  return complete ? base : `${base}; more are still to load`;
}

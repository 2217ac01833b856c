import type { CitationSpan } from "./spans";
import { displayHost } from "./url";

/** What the sources panel needs of a citation; the wire type (UrlCitation) satisfies it. */
export interface SourceAnnotation {
  start_index: number;
  end_index: number;
  url: string;
  title?: string | null;
  content?: string | null;
}

export interface CitedSource {
  url: string;
  /** 1-based number shown on every marker of this source. */
  number: number;
  title: string | null;
  host: string;
  excerpt: string | null;
  /** Keys of the spans citing this URL, in text order. */
  spanKeys: number[];
}

/**
 * Groups spans by URL (never dropping a span when a URL is cited several times) and numbers the
 * sources in order of their first span in the text.
 */
export function groupSources<A extends SourceAnnotation>(spans: readonly CitationSpan<A>[]): CitedSource[] {
  const ordered = [...spans].sort((a, b) => a.start - b.start || a.end - b.end || a.key - b.key);
  const byUrl = new Map<string, CitedSource>();
  for (const span of ordered) {
    const { url, title, content } = span.annotation;
    let source = byUrl.get(url);
    if (!source) {
      source = { url, number: byUrl.size + 1, title: title || null, host: displayHost(url), excerpt: content || null, spanKeys: [] };
      byUrl.set(url, source);
    }
    if (!source.title && title) source.title = title;
    if (!source.excerpt && content) source.excerpt = content;
    source.spanKeys.push(span.key);
  }
  return [...byUrl.values()];
}

/** Map from span key to its source number, for markers. */
export function sourceNumberBySpan(sources: readonly CitedSource[]): Map<number, number> {
  const numbers = new Map<number, number>();
  for (const source of sources) for (const key of source.spanKeys) numbers.set(key, source.number);
  return numbers;
}

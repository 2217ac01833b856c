/**
 * URL identity for comparing citations across answers and versions: two links to the same page
 * should count once even when one carries `utm_source`, a fragment or `www.`.
 */

/** Query parameters that only track the click, never choose the page. */
const TRACKING_PARAMS = new Set([
  "fbclid",
  "gclid",
  "dclid",
  "gbraid",
  "wbraid",
  "msclkid",
  "yclid",
  "twclid",
  "igshid",
  "mc_cid",
  "mc_eid",
  "_hsenc",
  "_hsmi",
  "mkt_tok",
  "ref_src",
  "ref_url",
]);

function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith("utm_") || TRACKING_PARAMS.has(lower);
}

function stripWww(host: string): string {
  return host.startsWith("www.") ? host.slice(4) : host;
}

/**
 * The comparable form of a URL: lowercase scheme and host (the URL parser does both), no `www.`,
 * no default port (also the parser's), no fragment, no tracking parameters, the remaining
 * parameters sorted, no trailing slash. Text that is not an absolute URL comes back trimmed, so
 * it still compares equal to itself.
 */
export function normalizeUrl(raw: string): string {
  const trimmed = raw.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return trimmed;
  }
  if (url.host === "") return trimmed;
  const params = [...url.searchParams.entries()].filter(([name]) => !isTrackingParam(name));
  params.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const search = params.length === 0 ? "" : `?${new URLSearchParams(params).toString()}`;
  const path = url.pathname.endsWith("/") ? url.pathname.slice(0, -1) : url.pathname;
  const host = stripWww(url.hostname) + (url.port === "" ? "" : `:${url.port}`);
  return `${url.protocol}//${host}${path}${search}`;
}

/**
 * The domain a URL belongs to, for grouping and allow/deny lists: its host without `www.`
 * ("docs.example.com" stays itself; `hostMatchesDomain` lets it count for "example.com").
 * Null for text that is not an absolute URL with a host.
 */
export function domainOf(raw: string): string | null {
  try {
    const { hostname } = new URL(raw.trim());
    return hostname === "" ? null : stripWww(hostname);
  } catch {
    return null;
  }
}

/** True when `host` is `domain` or one of its subdomains ("en.wikipedia.org" counts for "wikipedia.org"). */
export function hostMatchesDomain(host: string, domain: string): boolean {
  const h = stripWww(host.toLowerCase());
  const d = stripWww(domain.toLowerCase());
  return h === d || h.endsWith(`.${d}`);
}

/** True when the URL's host is one of `domains` or a subdomain of one. */
export function urlMatchesAnyDomain(url: string, domains: readonly string[]): boolean {
  const host = domainOf(url);
  return host !== null && domains.some((domain) => hostMatchesDomain(host, domain));
}

export interface SetDiff {
  /** In both, sorted. */
  kept: string[];
  /** Only in `after`, sorted. */
  added: string[];
  /** Only in `before`, sorted. */
  dropped: string[];
}

/** Which keys two lists share, after `key` (normalizeUrl by default); duplicates count once. */
/** @public API of lib/evaluations for the runner, pages and CLI. */
export function diffSets(before: Iterable<string>, after: Iterable<string>, key: (value: string) => string = normalizeUrl): SetDiff {
  const a = new Set([...before].map(key));
  const b = new Set([...after].map(key));
  return {
    kept: [...a].filter((value) => b.has(value)).sort(),
    added: [...b].filter((value) => !a.has(value)).sort(),
    dropped: [...a].filter((value) => !b.has(value)).sort(),
  };
}

/** Citation URLs kept, added and dropped from one answer to another (normalised URLs). */
export function diffCitationUrls(before: Iterable<string>, after: Iterable<string>): SetDiff {
  return diffSets(before, after, normalizeUrl);
}

/** Cited domains kept, added and dropped; URLs without a host are left out. */
export function diffCitationDomains(before: Iterable<string>, after: Iterable<string>): SetDiff {
  const domains = (urls: Iterable<string>) => [...urls].map(domainOf).filter((d): d is string => d !== null);
  return diffSets(domains(before), domains(after), (d) => d);
}

/** |A ∩ B| / |A ∪ B| over normalised URLs; two empty lists are identical (1). */
export function jaccard(before: Iterable<string>, after: Iterable<string>, key: (value: string) => string = normalizeUrl): number {
  const { kept, added, dropped } = diffSets(before, after, key);
  const union = kept.length + added.length + dropped.length;
  return union === 0 ? 1 : kept.length / union;
}

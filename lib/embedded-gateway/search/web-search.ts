import MiniSearch, { type SearchOptions } from "minisearch";
import type { CorpusDocument } from "./corpus-types";
import { rankByRelevance } from "./relevance";
import { searchQueryOf } from "./search-query";
import { STOPWORDS } from "./stopwords";
import { globMatch } from "../wildcard";

export interface SearchFilters {
  maxResults: number;
  engine?: string;
  includeDomains?: readonly string[];
  excludeDomains?: readonly string[];
}

export interface SearchHit extends CorpusDocument {
  score: number;
}

/**
 * Engines of the real gateway map onto different ranking settings, so that switching engines
 * changes results the way it would upstream: native is plain BM25 with a title boost, exa adds
 * fuzzy and prefix matching (closer to a semantic engine), parallel and perplexity prefer
 * documents matching every term and fall back to any term.
 */
const ENGINE_OPTIONS: Record<string, SearchOptions> = {
  native: { boost: { title: 2 }, combineWith: "OR" },
  auto: { boost: { title: 2 }, combineWith: "OR" },
  exa: { boost: { title: 1.5 }, fuzzy: 0.2, prefix: true, combineWith: "OR" },
  firecrawl: { boost: { title: 3 }, prefix: true, combineWith: "OR" },
  parallel: { boost: { title: 2 }, combineWith: "AND" },
  perplexity: { combineWith: "AND" },
};

function hostAndPath(url: string): { host: string; path: string } | null {
  try {
    const parsed = new URL(url);
    return { host: parsed.hostname.toLowerCase(), path: parsed.pathname };
  } catch {
    return null;
  }
}

/**
 * "example.com" matches the domain and its subdomains, "*.example.com" only subdomains, and a
 * pattern with a path ("npmjs.com/package/zod") also requires that path prefix. Inside a label "*"
 * stands for any run of characters but never crosses a dot ("api-*.example.com"). The pattern comes
 * from the request, so it is matched label by label without a regex (see wildcard.ts).
 */
export function domainMatches(pattern: string, url: string): boolean {
  const target = hostAndPath(url);
  if (!target) return false;
  let p = pattern.trim().toLowerCase().replace(/^[a-z]+:\/\//, "");
  let pathPrefix: string | null = null;
  const slash = p.indexOf("/");
  if (slash >= 0) {
    pathPrefix = p.slice(slash);
    p = p.slice(0, slash);
  }
  const hostOk = p.startsWith("*.")
    ? labelsMatch(p.slice(2), target.host, "subdomains")
    : p.includes("*")
      ? labelsMatch(p, target.host, "exact")
      : target.host === p || target.host.endsWith(`.${p}`);
  return hostOk && (pathPrefix === null || target.path.toLowerCase().startsWith(pathPrefix));
}

/**
 * Compares host labels from the right, each against a label glob. "exact" wants as many labels as
 * the pattern has; "subdomains" wants at least one label more (the "*." of "*.example.com").
 */
function labelsMatch(pattern: string, host: string, mode: "exact" | "subdomains"): boolean {
  const want = pattern.split(".");
  const have = host.split(".");
  if (mode === "exact" ? have.length !== want.length : have.length <= want.length) return false;
  const offset = have.length - want.length;
  return want.every((label, i) => (label.includes("*") ? globMatch(label, have[offset + i]) : label === have[offset + i]));
}

/** How many of the engine's results are weighed again for relevance (more than max_results allows). */
const RERANK_DEPTH = 80;

export class WebSearchIndex {
  private readonly index: MiniSearch<CorpusDocument>;
  private readonly docs = new Map<string, CorpusDocument>();

  constructor(documents: readonly CorpusDocument[]) {
    this.index = new MiniSearch<CorpusDocument>({
      fields: ["title", "text"],
      storeFields: [],
      // Question words ("how does ... work") would otherwise rank any FAQ heading first.
      processTerm: (term) => {
        const lower = term.toLowerCase();
        return STOPWORDS.has(lower) ? null : lower;
      },
    });
    this.index.addAll(documents as CorpusDocument[]);
    for (const doc of documents) this.docs.set(doc.id, doc);
  }

  get size(): number {
    return this.docs.size;
  }

  /** Looks up the question's searched part (searchQueryOf): a long question costs no more than that. */
  search(question: string, filters: SearchFilters): SearchHit[] {
    const query = searchQueryOf(question);
    if (query === "") return [];
    const options = ENGINE_OPTIONS[filters.engine ?? "auto"] ?? ENGINE_OPTIONS.auto;
    const keep = (doc: CorpusDocument) =>
      (!filters.includeDomains?.length || filters.includeDomains.some((d) => domainMatches(d, doc.url))) &&
      !(filters.excludeDomains ?? []).some((d) => domainMatches(d, doc.url));
    const run = (opts: SearchOptions) =>
      this.index.search(query, { ...opts, filter: (result) => keep(this.docs.get(String(result.id))!) });
    let results = run(options);
    if (results.length === 0 && options.combineWith === "AND") results = run({ ...options, combineWith: "OR" });
    const hits = results.slice(0, RERANK_DEPTH).map((result) => ({ ...this.docs.get(String(result.id))!, score: result.score }));
    return rankByRelevance(query, hits).slice(0, filters.maxResults);
  }
}

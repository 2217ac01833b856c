import type { EvaluationDomains, EvaluationResultVersion } from "@/lib/contract/bff/evaluation-results";
import { percentile } from "../aggregate";
import { domainOf, hostMatchesDomain, normalizeUrl } from "../urls";
import { finish, type Steps } from "./steps";
import { isAnswered, type ItemGrid, type ResultQuestion } from "./stored-item";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Domains listed per version; the counts above still cover all of them. */
const DOMAINS_LISTED_MAX = 500;

type VersionDomains = EvaluationDomains["versions"][number];

/** A source date the results can read (ISO date or date-time); null for anything else. */
function dateOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : at;
}

/**
 * Median of the ages (days), and the share older than `maxAgeDays`. The median is the lower middle value for an
 * even count (nearest rank), as the latency percentiles are.
 */
export function freshness(agesDays: readonly number[], maxAgeDays: number): { median_age_days: number | null; older_share: number | null } {
  return {
    median_age_days: percentile(agesDays, 50),
    older_share: agesDays.length === 0 ? null : agesDays.filter((age) => age > maxAgeDays).length / agesDays.length,
  };
}

/** Questions between two pauses of the steps (steps.ts). */
const QUESTIONS_PER_STEP = 200;

/** One version's cited domains (all of them, most cited first), citations outside allowed lists, and freshness. */
type DomainFigures = Pick<VersionDomains, "domains" | "freshness"> & { outside: number };

function* versionDomains(grid: ItemGrid, questions: readonly ResultQuestion[], version: number, maxAgeDays: number, asOf: number): Steps<DomainFigures> {
  const counts = new Map<string, { citations: number; questions: Set<number>; outside_allowed: number }>();
  let outside = 0;
  const ages: number[] = [];
  let citedSources = 0;
  for (let q = 0; q < grid.questions; q++) {
    if (q % QUESTIONS_PER_STEP === QUESTIONS_PER_STEP - 1) yield;
    const question = questions[q];
    for (const item of grid.at(version, q)) {
      if (!isAnswered(item)) continue;
      for (const citation of item.result.citations) {
        const domain = domainOf(citation.url);
        if (domain === null) continue;
        const entry = counts.get(domain) ?? { citations: 0, questions: new Set<number>(), outside_allowed: 0 };
        entry.citations += 1;
        entry.questions.add(q);
        if (question.allowed_domains.length > 0 && !question.allowed_domains.some((allowed) => hostMatchesDomain(domain, allowed))) {
          entry.outside_allowed += 1;
          outside += 1;
        }
        counts.set(domain, entry);
      }
      if (!question.time_sensitive) continue;
      // Each cited page once per answer; its date is the search result's with the same normalised URL.
      const dates = new Map<string, number>();
      for (const source of item.result.sources) {
        const at = dateOf(source.published_at);
        const key = normalizeUrl(source.url);
        if (at !== null && !dates.has(key)) dates.set(key, at);
      }
      for (const url of new Set(item.result.citations.map((c) => normalizeUrl(c.url)))) {
        citedSources += 1;
        const at = dates.get(url);
        if (at !== undefined) ages.push(Math.max(0, (asOf - at) / DAY_MS));
      }
    }
  }
  const domains = [...counts]
    .map(([domain, entry]) => ({ domain, citations: entry.citations, questions: entry.questions.size, outside_allowed: entry.outside_allowed }))
    .sort((a, b) => b.citations - a.citations || (a.domain < b.domain ? -1 : 1));
  return {
    domains,
    outside,
    freshness: { dated_sources: ages.length, cited_sources: citedSources, ...freshness(ages, maxAgeDays), max_age_days: maxAgeDays, as_of: new Date(asOf).toISOString() },
  };
}

/** Cited domains per version, new and gone against version 0, outside each question's allowed list, and freshness. */
export function domainsPerVersion(
  grid: ItemGrid,
  questions: readonly ResultQuestion[],
  versions: readonly EvaluationResultVersion[],
  options: { maxAgeDays: number; asOf: number },
): VersionDomains[] {
  return finish(domainsPerVersionSteps(grid, questions, versions, options));
}

/** The same in steps (steps.ts): the server gives other requests a turn between them. */
export function* domainsPerVersionSteps(
  grid: ItemGrid,
  questions: readonly ResultQuestion[],
  versions: readonly EvaluationResultVersion[],
  options: { maxAgeDays: number; asOf: number },
): Steps<VersionDomains[]> {
  const all: DomainFigures[] = [];
  for (const version of versions) all.push(yield* versionDomains(grid, questions, version.version_index, options.maxAgeDays, options.asOf));
  const first = new Set(all[0]?.domains.map((d) => d.domain) ?? []);
  return versions.map((version, i) => {
    const { domains, outside, freshness: fresh } = all[i];
    const here = new Set(domains.map((d) => d.domain));
    return {
      ...version,
      domains: domains.slice(0, DOMAINS_LISTED_MAX),
      distinct_domains: domains.length,
      outside_allowed_citations: outside,
      new_vs_first: i === 0 ? null : [...here].filter((d) => !first.has(d)).sort(),
      gone_vs_first: i === 0 ? null : [...first].filter((d) => !here.has(d)).sort(),
      freshness: fresh,
    };
  });
}

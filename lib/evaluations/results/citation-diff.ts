import type { EvaluationCitationDiff } from "@/lib/contract/bff/evaluation-results";
import type { ItemResult } from "../item-result";
import { diffCitationUrls, domainOf, jaccard, normalizeUrl } from "../urls";
import { answerSimilarity } from "./similarity";

/** Citations per domain, most cited first (then by name). */
function domainCounts(result: Pick<ItemResult, "citations">): Map<string, number> {
  const counts = new Map<string, number>();
  for (const citation of result.citations) {
    const domain = domainOf(citation.url);
    if (domain !== null) counts.set(domain, (counts.get(domain) ?? 0) + 1);
  }
  return counts;
}

/** Sources the web search returned that the answer never cited (normalised URLs, sorted, each once). */
function searchedUncited(result: Pick<ItemResult, "citations" | "sources">): string[] {
  const cited = new Set(result.citations.map((c) => normalizeUrl(c.url)));
  return [...new Set(result.sources.map((s) => normalizeUrl(s.url)))].filter((url) => !cited.has(url)).sort();
}

/**
 * Two answers' citations compared: URLs kept, added and dropped after normalising (tracking parameters, `www.`,
 * fragments and trailing slashes do not count as a change), their Jaccard, citations per domain on each side, and
 * what each side's search found but left uncited.
 */
export function citationDiff(
  base: Pick<ItemResult, "answer" | "citations" | "sources">,
  against: Pick<ItemResult, "answer" | "citations" | "sources">,
  where: { base: number; against: number; repeat: number },
): EvaluationCitationDiff {
  const before = base.citations.map((c) => c.url);
  const after = against.citations.map((c) => c.url);
  const { kept, added, dropped } = diffCitationUrls(before, after);
  const left = domainCounts(base);
  const right = domainCounts(against);
  const domains = [...new Set([...left.keys(), ...right.keys()])]
    .map((domain) => ({ domain, base: left.get(domain) ?? 0, against: right.get(domain) ?? 0 }))
    .sort((a, b) => b.base + b.against - (a.base + a.against) || (a.domain < b.domain ? -1 : 1));
  return {
    ...where,
    kept,
    added,
    dropped,
    jaccard: jaccard(before, after),
    domains,
    searched_uncited: { base: searchedUncited(base), against: searchedUncited(against) },
    answer_similarity: answerSimilarity(base.answer, against.answer),
  };
}

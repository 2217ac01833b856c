import { STOPWORDS } from "./stopwords";

/*
 * BM25 over single words ranks a page that mentions one of the question's words in passing (a
 * README saying "chalk.red.yellow.green" for a question on green tea) close to pages about the
 * question. This pass weighs each result again by how much of the question it covers, counting a
 * hyphenated compound ("write-ahead") only where it appears as such, with extra weight for the
 * question's words in the page title and for its words appearing side by side, and drops results
 * that cover too little: better no source than a quote that has nothing to do with the question.
 */

interface Scored {
  title: string;
  text: string;
  score: number;
}

/** A unit of the question: one word, or the parts of a hyphenated compound, lower case. */
type Unit = readonly string[];

function questionUnits(query: string): Unit[] {
  const units: Unit[] = [];
  const seen = new Set<string>();
  for (const raw of query.toLowerCase().match(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu) ?? []) {
    const parts = raw.split(/[-']/).filter((part) => part.length > 1 || /\P{ASCII}/u.test(part));
    const unit = parts.length > 1 ? parts : parts.filter((part) => !STOPWORDS.has(part));
    const key = unit.join("-");
    if (unit.length === 0 || seen.has(key)) continue;
    seen.add(key);
    units.push(unit);
  }
  return units;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Matches a unit at a word start ("log" in "logging", not "tea" in "instead"); CJK anywhere. */
function unitPattern(unit: Unit): RegExp {
  const body = unit.map(escapeRegExp).join("[\\s-]+");
  return /^[\p{ASCII}]+$/u.test(body) ? new RegExp(`(?<![\\p{L}\\p{N}])${body}`, "iu") : new RegExp(body, "iu");
}

/** A result is kept when it covers at least half of the question, or names part of it in its title. */
const MIN_COVERAGE = 0.5;

export function rankByRelevance<T extends Scored>(query: string, hits: readonly T[]): T[] {
  const units = questionUnits(query);
  if (units.length === 0) return [...hits];
  const patterns = units.map(unitPattern);
  const pairs = units.slice(1).map((unit, i) => unitPattern([...units[i], ...unit]));
  const weighed = hits.map((hit) => {
    const inTitle = patterns.filter((pattern) => pattern.test(hit.title)).length;
    const covered = patterns.filter((pattern) => pattern.test(hit.title) || pattern.test(hit.text)).length;
    const phrases = pairs.filter((pattern) => pattern.test(hit.title) || pattern.test(hit.text)).length;
    const coverage = covered / units.length;
    const relevance = hit.score * coverage * coverage * (1 + inTitle / units.length) * (1 + 0.5 * phrases);
    return { hit, relevant: coverage >= MIN_COVERAGE || inTitle > 0, relevance };
  });
  return weighed
    .filter((entry) => entry.relevant)
    .sort((a, b) => b.relevance - a.relevance)
    .map((entry) => ({ ...entry.hit, score: entry.relevance }));
}

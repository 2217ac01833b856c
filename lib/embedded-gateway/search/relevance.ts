import { matchForm, occursAtWordStart } from "./literal-match";
import { searchQueryOf, WORD } from "./search-query";
import { STOPWORDS } from "./stopwords";

/*
 * BM25 over single words ranks a page that mentions one of the question's words in passing (a
 * README saying "chalk.red.yellow.green" for a question on green tea) close to pages about the
 * question. This pass weighs each result again by how much of the question it covers, counting a
 * hyphenated compound ("write-ahead") only where it appears as such, with extra weight for the
 * question's words in the page title and for its words appearing side by side, and drops results
 * that cover too little: better no source than a quote that has nothing to do with the question.
 * The question's words are matched literally (literal-match.ts), never as a regex built from them.
 */

interface Scored {
  title: string;
  text: string;
  score: number;
}

/** A unit of the question: one word, or the parts of a hyphenated compound, lower case. */
type Unit = readonly string[];

/** The question's units, from its searched part only (search-query.ts), so their number is bounded. */
function questionUnits(query: string): Unit[] {
  const units: Unit[] = [];
  const seen = new Set<string>();
  for (const raw of searchQueryOf(query).toLowerCase().match(WORD) ?? []) {
    const parts = raw.split(/[-']/).filter((part) => part.length > 1 || /\P{ASCII}/u.test(part));
    const unit = parts.length > 1 ? parts : parts.filter((part) => !STOPWORDS.has(part));
    const key = unit.join("-");
    if (unit.length === 0 || seen.has(key)) continue;
    seen.add(key);
    units.push(unit);
  }
  return units;
}

/** A unit as text in matchForm: its parts joined by one space, as "write-ahead" reads there. */
function unitNeedle(unit: Unit): string {
  return unit.join(" ");
}

/** A result is kept when it covers at least half of the question, or names part of it in its title. */
const MIN_COVERAGE = 0.5;

export function rankByRelevance<T extends Scored>(query: string, hits: readonly T[]): T[] {
  const units = questionUnits(query);
  if (units.length === 0) return [...hits];
  const needles = units.map(unitNeedle);
  const pairs = units.slice(1).map((unit, i) => unitNeedle([...units[i], ...unit]));
  const weighed = hits.map((hit) => {
    const title = matchForm(hit.title);
    const text = matchForm(hit.text);
    const found = (needle: string) => occursAtWordStart(title, needle) || occursAtWordStart(text, needle);
    const inTitle = needles.filter((needle) => occursAtWordStart(title, needle)).length;
    const covered = needles.filter(found).length;
    const phrases = pairs.filter(found).length;
    const coverage = covered / units.length;
    const relevance = hit.score * coverage * coverage * (1 + inTitle / units.length) * (1 + 0.5 * phrases);
    return { hit, relevant: coverage >= MIN_COVERAGE || inTitle > 0, relevance };
  });
  return weighed
    .filter((entry) => entry.relevant)
    .sort((a, b) => b.relevance - a.relevance)
    .map((entry) => ({ ...entry.hit, score: entry.relevance }));
}

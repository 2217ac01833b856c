/*
 * Key terms of a text, for the deterministic `expected-terms` check and the citation relevance verdict:
 * lower-case runs of letters and digits, each counted once, without function words. Numbers count
 * whatever their length ("5", "2024": an expected answer's figures matter most); words need three letters.
 * Linear in the text; no pattern is built from the text.
 */

const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    "the and for are but not you all any can had her was one our out has him his how its may new now old see two way who did get " +
    "let say she too use that with have this will your from they know want been good much some time very when come here just like " +
    "long make many more only over such take than them well were what which would there their about could other into also then these " +
    "those because does each should while where after before being both between during under again further once most same own off " +
    "why whom whose itself yes yet per via etc answer question"
  ).split(" "),
);

const WORD = /[\p{L}\p{N}]+/gu;
const DIGITS = /^\p{N}+$/u;

/** The text's key terms in first-seen order. */
function keyTerms(text: string): string[] {
  const out = new Set<string>();
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0];
    if (DIGITS.test(word) || ([...word].length >= 3 && !FUNCTION_WORDS.has(word))) out.add(word);
  }
  return [...out];
}

export interface TermOverlap {
  terms: string[];
  found: string[];
  missing: string[];
  /** found / terms; null when `of` has no key terms. */
  share: number | null;
}

/** Which key terms of `of` appear as whole words in `within`. */
export function termOverlap(of: string, within: string): TermOverlap {
  const terms = keyTerms(of);
  const present = new Set(within.toLowerCase().match(WORD) ?? []);
  const found = terms.filter((term) => present.has(term));
  const missing = terms.filter((term) => !present.has(term));
  return { terms, found, missing, share: terms.length === 0 ? null : found.length / terms.length };
}

/** A list of terms for a sentence: the first few named, the rest counted. */
export function listTerms(terms: readonly string[], named = 12): string {
  if (terms.length === 0) return "none";
  const shown = terms.slice(0, named).join(", ");
  return terms.length > named ? `${shown} and ${terms.length - named} more` : shown;
}

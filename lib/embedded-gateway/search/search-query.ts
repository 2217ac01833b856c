/*
 * What the embedded web search looks up for a question. A chat input may legitimately be long (a
 * pasted page, a long conversation), so it is accepted up to the body limit; the search, though,
 * works on a bounded query: the question's prefix up to its SEARCH_QUERY_LIMITS.distinctTerms-th
 * distinct word and at most SEARCH_QUERY_LIMITS.chars characters. Every later stage (the index,
 * the relevance pass, the sentence picking, the bolding) then costs a bounded amount per result,
 * whatever was sent. Real search engines cap queries the same way (Google reads 32 words).
 */

export const SEARCH_QUERY_LIMITS = {
  /** Distinct words (lower case; a hyphenated compound counts once) that are searched. */
  distinctTerms: 32,
  /** Characters of the question that are searched. */
  chars: 1000,
} as const;

/** A word, or a compound joined by hyphens or apostrophes ("write-ahead", "don't"). Linear: no nested quantifier can overlap. */
export const WORD = /[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu;

/**
 * The searched part of a question: the question itself when it is within the limits, else its
 * beginning, cut after the last word that fits (never inside a word).
 */
export function searchQueryOf(question: string): string {
  const text = question.trim();
  const window = text.slice(0, SEARCH_QUERY_LIMITS.chars);
  const seen = new Set<string>();
  let end = 0;
  for (const match of window.matchAll(WORD)) {
    const stop = match.index + match[0].length;
    // A word the character limit cut in two is left out whole.
    if (stop === window.length && window.length < text.length && continuesWord(text, stop)) return text.slice(0, end).trimEnd();
    const term = match[0].toLowerCase();
    if (!seen.has(term)) {
      if (seen.size === SEARCH_QUERY_LIMITS.distinctTerms) return text.slice(0, end).trimEnd();
      seen.add(term);
    }
    end = stop;
  }
  return window.trimEnd();
}

function continuesWord(text: string, at: number): boolean {
  return /^[\p{L}\p{N}'-]/u.test(String.fromCodePoint(text.codePointAt(at)!));
}

/*
 * Matching of the question's words in page text without building a regex from them: both sides
 * are brought to one form and compared with indexOf, so the cost is linear in the text for each
 * word and no input can make a pattern to compile (or to backtrack on).
 */

/** Lower case, every run of whitespace and hyphens one space: "Write-Ahead\n log" -> "write ahead log". */
export function matchForm(text: string): string {
  return text.toLowerCase().replace(/[\s-]+/g, " ");
}

const WORD_CHAR = /^[\p{L}\p{N}]$/u;

/** Whether the code point that ends just before `at` is a letter or a digit. */
function wordCharBefore(text: string, at: number): boolean {
  if (at === 0) return false;
  const low = text.charCodeAt(at - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && at >= 2 ? at - 2 : at - 1;
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(start)!));
}

/**
 * Whether `needle` occurs in `haystack` at a word start ("log" in "logging", not "tea" in
 * "instead"). A needle beyond ASCII (CJK, which has no spaces between words) matches anywhere.
 * Both are expected in the same form (matchForm, or lower case for a single word).
 */
export function occursAtWordStart(haystack: string, needle: string): boolean {
  if (needle === "") return false;
  if (/\P{ASCII}/u.test(needle)) return haystack.includes(needle);
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    if (!wordCharBefore(haystack, at)) return true;
  }
  return false;
}

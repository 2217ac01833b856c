/**
 * Wildcard matching without regular expressions. Patterns here come from requests (domain filters
 * of web search, fault-injection paths), and a regex built from them backtracks exponentially on
 * inputs such as 24 stars followed by a letter. This is the classic two-pointer match: on a
 * mismatch it resumes from the most recent star only, so the work is at most
 * pattern length × subject length, whatever the pattern.
 *
 * A pattern is a list of tokens: STAR matches any run of subject items (possibly none); any other
 * token matches exactly one subject item for which `matchesOne` holds.
 */
export const STAR = Symbol("star");
export type WildcardToken<T> = T | typeof STAR;

export function wildcardMatch<P, S>(
  pattern: readonly WildcardToken<P>[],
  subject: readonly S[],
  matchesOne: (token: P, item: S) => boolean,
): boolean {
  let p = 0;
  let s = 0;
  let starAt = -1;
  let resumeAt = 0;
  while (s < subject.length) {
    const token = pattern[p];
    if (p < pattern.length && token === STAR) {
      starAt = p++;
      resumeAt = s;
    } else if (p < pattern.length && matchesOne(token as P, subject[s])) {
      p++;
      s++;
    } else if (starAt >= 0) {
      // Let the last star swallow one more item and retry the rest of the pattern after it.
      p = starAt + 1;
      s = ++resumeAt;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === STAR) p++;
  return p === pattern.length;
}

/** Characters of a glob where "*" is any run of characters (consecutive stars count as one). */
export function globTokens(glob: string): WildcardToken<string>[] {
  const tokens: WildcardToken<string>[] = [];
  for (const char of glob) {
    if (char !== "*") tokens.push(char);
    else if (tokens[tokens.length - 1] !== STAR) tokens.push(STAR);
  }
  return tokens;
}

/** True when `text` matches `glob`, "*" standing for any run of characters. */
export function globMatch(glob: string, text: string): boolean {
  return wildcardMatch(globTokens(glob), Array.from(text), (a, b) => a === b);
}

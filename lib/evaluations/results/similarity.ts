/**
 * How alike two answers read: Jaccard over their word sets (lowercased letters and digits, Unicode-aware). Cheap,
 * order-free and symmetric; good enough to tell "the same answer reworded" (high) from a different answer (low).
 */

const WORD = /[\p{L}\p{N}]+/gu;

/** The answer's distinct lowercased words. */
export function answerTokens(text: string): Set<string> {
  return new Set(text.toLowerCase().match(WORD) ?? []);
}

/** |A ∩ B| / |A ∪ B| of two token sets; two empty answers are identical (1). */
export function tokenSetJaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const token of small) if (large.has(token)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** Token Jaccard of two answers. */
export function answerSimilarity(a: string, b: string): number {
  return tokenSetJaccard(answerTokens(a), answerTokens(b));
}

/** Answers at least this alike count as "the same answer" (same_answer_different_sources). */
export const SAME_ANSWER_SIMILARITY = 0.8;

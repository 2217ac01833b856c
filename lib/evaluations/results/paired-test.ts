/**
 * Statistics for two versions answering the same questions (paired binary outcomes). Pure and exact where it can be:
 * McNemar's exact test is a two-sided binomial test on the discordant questions; the interval for the difference in
 * pass rate is Newcombe's hybrid score interval for paired proportions (1998, method 10), built from Wilson intervals.
 */

/** z for a two-sided 95 % interval. */
const Z95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/** Wilson's score interval for `successes` of `n` (n > 0). */
export function wilsonInterval(successes: number, n: number, z = Z95): Interval {
  if (n <= 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The four cells of a paired 2×2 table: both pass, only A passes, only B passes, neither. */
export interface PairedCounts {
  both: number;
  onlyA: number;
  onlyB: number;
  neither: number;
}

/**
 * 95 % interval for pass rate B minus pass rate A (Newcombe's method 10). φ is the correlation of the two outcomes,
 * taken as 0 when a margin is empty, so identical all-pass or all-fail columns still get an interval.
 */
export function pairedDifferenceInterval({ both, onlyA, onlyB, neither }: PairedCounts): Interval & { difference: number } {
  const n = both + onlyA + onlyB + neither;
  if (n === 0) return { difference: 0, low: -1, high: 1 };
  const pA = (both + onlyA) / n;
  const pB = (both + onlyB) / n;
  const a = wilsonInterval(both + onlyA, n);
  const b = wilsonInterval(both + onlyB, n);
  const margins = (both + onlyA) * (onlyB + neither) * (both + onlyB) * (onlyA + neither);
  // Newcombe's continuity-corrected φ: a positive association is shrunk by n/2 (and taken as 0 below that).
  const cross = both * neither - onlyA * onlyB;
  const corrected = cross > n / 2 ? cross - n / 2 : cross < 0 ? cross : 0;
  const phi = margins === 0 ? 0 : corrected / Math.sqrt(margins);
  const difference = pB - pA;
  const below = Math.sqrt(Math.max(0, (pB - b.low) ** 2 - 2 * phi * (pB - b.low) * (a.high - pA) + (a.high - pA) ** 2));
  const above = Math.sqrt(Math.max(0, (b.high - pB) ** 2 - 2 * phi * (b.high - pB) * (pA - a.low) + (pA - a.low) ** 2));
  return { difference, low: Math.max(-1, difference - below), high: Math.min(1, difference + above) };
}

/**
 * McNemar's exact test, two-sided: under "no difference" each discordant question is a fair coin, so the p-value is
 * twice the binomial tail of the smaller count (capped at 1). No discordant question: p = 1.
 */
export function mcnemarExactP(onlyA: number, onlyB: number): number {
  const n = onlyA + onlyB;
  if (n === 0) return 1;
  const k = Math.min(onlyA, onlyB);
  // Sum C(n, i) / 2^n for i ≤ k in log space, so 10,000 questions neither overflow nor underflow.
  let logTerm = -n * Math.LN2; // i = 0
  let tail = Math.exp(logTerm);
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log(n - i + 1) - Math.log(i);
    tail += Math.exp(logTerm);
  }
  return Math.min(1, 2 * tail);
}

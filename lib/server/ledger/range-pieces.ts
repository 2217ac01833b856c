import type { RollupGrain } from "./rollups";
import { HOUR_MS, monthStart, nextMonthStart } from "./windows";

const DAY_MS = 24 * HOUR_MS;

/** What a piece is read from: a rollup of that grain (rows whose period starts in [from, to)), or the raw entries. */
export type PieceSource = RollupGrain | "entries";

/** A time range read from one source, added (sign 1) or taken away (-1). */
export interface RangePiece {
  source: PieceSource;
  from: number;
  to: number;
  sign: 1 | -1;
}

/** The period boundary of `grain` nearest to `at` (a tie either way: both are exact). */
function nearestBoundary(grain: RollupGrain, at: number): number {
  if (grain === "hour") return Math.round(at / HOUR_MS) * HOUR_MS;
  if (grain === "day") return Math.round(at / DAY_MS) * DAY_MS;
  const before = monthStart(at);
  const after = nextMonthStart(at);
  return at - before <= after - at ? before : after;
}

/**
 * Signed pieces whose sum over [from, to) is exactly what the ledger counts in it: the coarsest rollup rows that
 * cover it (rounded to their nearest boundaries), with the slivers between those boundaries and the range's own ends
 * added or taken away at the next finer grain, down to the raw entries of less than half an hour at each end. So a
 * day in +05:30 reads one UTC day row less five and a half hours on one side and plus as much on the other, not 24
 * hourly rows; 13 months read 12 month rows and a few days. `grains` goes from the coarsest to the finest (["month",
 * "day", "hour"]); a grain is used only where its correction is shorter than the range itself, so a short range
 * never reads a whole day to take most of it away again.
 */
export function rangePieces(from: number, to: number, grains: readonly RollupGrain[], sign: 1 | -1 = 1): RangePiece[] {
  if (from >= to) return [];
  const [grain, ...finer] = grains;
  if (grain === undefined) return [{ source: "entries", from, to, sign }];
  const start = nearestBoundary(grain, from);
  const end = nearestBoundary(grain, to);
  const correction = Math.abs(from - start) + Math.abs(to - end);
  if (start >= end || correction >= to - from) return rangePieces(from, to, finer, sign);
  const flip = (value: 1 | -1): 1 | -1 => (value === 1 ? -1 : 1);
  return [
    { source: grain, from: start, to: end, sign },
    // Before the first whole period: the range starts before it (add that sliver) or after it (take it away).
    ...(from < start ? rangePieces(from, start, finer, sign) : rangePieces(start, from, finer, flip(sign))),
    ...(end < to ? rangePieces(end, to, finer, sign) : rangePieces(to, end, finer, flip(sign))),
  ];
}

import type { CitationSpan, OffsetAnnotation } from "./spans";

/** A run of text covered by the same set of spans. */
export interface Segment {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** Keys of the spans covering this run, ascending; empty for plain text. */
  readonly spanKeys: readonly number[];
  /** Keys of the spans that end with this run (their marker goes after it), ascending. */
  readonly endingKeys: readonly number[];
}

const NONE: readonly number[] = Object.freeze([]);

/**
 * Cuts text[from, to) into segments that cover it exactly once, in order, none empty. A span
 * covers exactly the segments inside [span.start, span.end); overlapping spans give segments with
 * several keys. Spans outside the range are ignored and spans crossing it are cut to it, so a long
 * text can be segmented block by block with the same result as in one piece.
 */
export function segmentText<A extends OffsetAnnotation>(
  text: string,
  spans: readonly CitationSpan<A>[],
  from = 0,
  to = text.length,
): Segment[] {
  const lo = Math.max(0, Math.min(from, text.length));
  const hi = Math.max(lo, Math.min(to, text.length));
  if (lo === hi) return [];

  // Boundary events: at each position, the spans opening and closing there.
  const opens = new Map<number, number[]>();
  const closes = new Map<number, number[]>();
  const cuts = new Set<number>([lo, hi]);
  for (const span of spans) {
    const start = Math.max(span.start, lo);
    const end = Math.min(span.end, hi);
    if (start >= end) continue;
    cuts.add(start);
    cuts.add(end);
    (opens.get(start) ?? opens.set(start, []).get(start)!).push(span.key);
    if (span.end <= hi) (closes.get(end) ?? closes.set(end, []).get(end)!).push(span.key);
  }
  const positions = [...cuts].sort((a, b) => a - b);
  const active = new Set<number>();
  const segments: Segment[] = [];
  for (let i = 0; i < positions.length - 1; i += 1) {
    const start = positions[i];
    const end = positions[i + 1];
    for (const key of closes.get(start) ?? NONE) active.delete(key);
    for (const key of opens.get(start) ?? NONE) active.add(key);
    const spanKeys = active.size === 0 ? NONE : [...active].sort((a, b) => a - b);
    const ending = closes.get(end);
    segments.push({
      start,
      end,
      text: text.slice(start, end),
      spanKeys,
      endingKeys: ending ? [...ending].sort((a, b) => a - b) : NONE,
    });
  }
  return segments;
}

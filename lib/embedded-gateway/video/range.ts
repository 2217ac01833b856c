/** What to send for a Range header (RFC 9110 §14): the whole body, one byte range, or 416. */
export type RangeDecision = { kind: "full" } | { kind: "partial"; start: number; end: number } | { kind: "unsatisfiable" };

/**
 * One range of bytes, as players ask for when they seek: "bytes=500-", "bytes=500-999",
 * "bytes=-500" (the last 500). Several ranges at once, other units or a malformed header are
 * answered with the whole body, which the RFC allows; a range that starts past the end is a 416.
 */
export function decideRange(header: string | null | undefined, size: number): RangeDecision {
  if (!header) return { kind: "full" };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match || (match[1] === "" && match[2] === "")) return { kind: "full" };
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return { kind: "unsatisfiable" };
    return size === 0 ? { kind: "unsatisfiable" } : { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: "unsatisfiable" };
  if (end < start) return { kind: "full" };
  return { kind: "partial", start, end };
}

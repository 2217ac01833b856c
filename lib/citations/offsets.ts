/**
 * Annotation offsets count Unicode code points (the embedded gateway's unit; the contract says
 * "character offsets"), while JavaScript strings index UTF-16 code units. An emoji or any other
 * astral character is one code point but two code units, so slicing with raw offsets drifts by one
 * per astral character before the span. Combining marks are code points of their own in both
 * units, so they need no special case: a span that ends between a letter and its accent ends there.
 */
export type OffsetUnit = "code_point" | "utf16";

/** One checkpoint per this many code points: a lookup walks at most this far. */
const STEP = 256;

export interface OffsetIndex {
  readonly text: string;
  /** Length of `text` in code points. */
  readonly codePoints: number;
  /** checkpoints[k] = UTF-16 index where code point number k * STEP starts. */
  readonly checkpoints: readonly number[];
  /** UTF-16 index of the first surrogate pair, -1 when none: without one both units agree. */
  readonly firstPair: number;
}

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function scan(text: string, from: number, cpStart: number, checkpoints: number[], firstPairBefore: number): OffsetIndex {
  let cp = cpStart;
  let firstPair = firstPairBefore;
  let i = from;
  const n = text.length;
  while (i < n) {
    if (cp % STEP === 0) checkpoints.push(i);
    const code = text.charCodeAt(i);
    if (isHigh(code) && i + 1 < n && isLow(text.charCodeAt(i + 1))) {
      if (firstPair < 0) firstPair = i;
      i += 2;
    } else {
      i += 1;
    }
    cp += 1;
  }
  if (cp % STEP === 0) checkpoints.push(n);
  return { text, codePoints: cp, checkpoints, firstPair };
}

/** Builds the index of a text from scratch: O(length). */
export function buildOffsetIndex(text: string): OffsetIndex {
  return scan(text, 0, 0, [], -1);
}

/**
 * The index of `text`, reusing `previous` when `text` only appends to it (the streaming case), so
 * the work per delta is proportional to the delta, not to the answer so far.
 */
export function extendOffsetIndex(previous: OffsetIndex | null | undefined, text: string): OffsetIndex {
  if (!previous) return buildOffsetIndex(text);
  if (previous.text === text) return previous;
  if (text.length < previous.text.length || !text.startsWith(previous.text)) return buildOffsetIndex(text);
  // Resume from a checkpoint strictly before the old last code unit: a delta may complete a
  // surrogate pair whose high half ended the previous text.
  const limit = previous.text.length - 1;
  let k = previous.checkpoints.length - 1;
  while (k > 0 && previous.checkpoints[k] >= limit) k -= 1;
  const checkpoints = previous.checkpoints.slice(0, k);
  const from = previous.checkpoints[k] ?? 0;
  const firstPairBefore = previous.firstPair >= 0 && previous.firstPair < from ? previous.firstPair : -1;
  return scan(text, from, k * STEP, checkpoints, firstPairBefore);
}

/**
 * UTF-16 index of an offset given in `unit`, clamped to [0, text.length]. A UTF-16 offset that
 * falls inside a surrogate pair is moved back to the pair's start so a slice never splits it.
 */
export function toStringIndex(index: OffsetIndex, offset: number, unit: OffsetUnit = "code_point"): number {
  const { text } = index;
  if (offset <= 0) return 0;
  if (unit === "utf16") {
    if (offset >= text.length) return text.length;
    return isLow(text.charCodeAt(offset)) && isHigh(text.charCodeAt(offset - 1)) ? offset - 1 : offset;
  }
  if (offset >= index.codePoints) return text.length;
  if (index.firstPair < 0 || offset <= index.firstPair) return offset;
  const k = Math.floor(offset / STEP);
  let i = index.checkpoints[k];
  let remaining = offset - k * STEP;
  while (remaining > 0) {
    const code = text.charCodeAt(i);
    i += isHigh(code) && isLow(text.charCodeAt(i + 1)) ? 2 : 1;
    remaining -= 1;
  }
  return i;
}

/** Length of the text in `unit`. */
export function lengthIn(index: OffsetIndex, unit: OffsetUnit = "code_point"): number {
  return unit === "utf16" ? index.text.length : index.codePoints;
}

/** Convenience for one-off conversions (tests, exports): builds the index each call. */
export function codePointToStringIndex(text: string, offset: number): number {
  return toStringIndex(buildOffsetIndex(text), offset, "code_point");
}

/**
 * A stand-in tokenizer: a run of up to 8 letters or digits, or one other symbol, each with the
 * whitespace before it. Concatenating the tokens gives back the text exactly, and it never splits
 * a code point, so streamed deltas are always valid strings.
 */
const TOKEN = /\s*(?:[\p{L}\p{N}\p{M}]{1,8}|[^\s\p{L}\p{N}\p{M}])|\s+$/gu;

/** The text's first `max` tokens (all of them by default): the work stops there, however long the text. */
export function tokenize(text: string, max = Infinity): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match !== null && tokens.length < max; match = TOKEN.exec(text)) tokens.push(match[0]);
  TOKEN.lastIndex = 0;
  return tokens;
}

const WORD = 1;
const SPACE = 2;
const OTHER = 3;
/** The class of each BMP code point once seen (0: not yet), so counting a long text tests each distinct character once. */
const bmpClass = new Uint8Array(0x10000);
const IS_WORD = /^[\p{L}\p{N}\p{M}]$/u;
const IS_SPACE = /^\s$/u;

function classOf(codePoint: number): number {
  if (codePoint < 0x80) {
    if ((codePoint >= 0x61 && codePoint <= 0x7a) || (codePoint >= 0x41 && codePoint <= 0x5a) || (codePoint >= 0x30 && codePoint <= 0x39)) return WORD;
    return codePoint === 0x20 || (codePoint >= 0x09 && codePoint <= 0x0d) ? SPACE : OTHER;
  }
  if (codePoint < 0x10000 && bmpClass[codePoint] !== 0) return bmpClass[codePoint];
  const char = String.fromCodePoint(codePoint);
  const found = IS_WORD.test(char) ? WORD : IS_SPACE.test(char) ? SPACE : OTHER;
  if (codePoint < 0x10000) bmpClass[codePoint] = found;
  return found;
}

/**
 * tokenize(text).length without making the tokens: one pass over the code points. Usage counts the
 * whole input this way on every request, so it has to stay cheap on the largest body.
 */
export function countTokens(text: string): number {
  let count = 0;
  let run = 0;
  let trailingSpace = false;
  for (let i = 0; i < text.length; ) {
    const codePoint = text.codePointAt(i)!;
    i += codePoint > 0xffff ? 2 : 1;
    const kind = classOf(codePoint);
    if (kind === SPACE) {
      run = 0;
      trailingSpace = true;
      continue;
    }
    trailingSpace = false;
    if (kind === OTHER) {
      run = 0;
      count++;
    } else if (run++ % 8 === 0) count++;
  }
  return trailingSpace ? count + 1 : count;
}

/** Length in Unicode code points, the unit of annotation offsets. */
export function codePointLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

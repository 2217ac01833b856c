import { decodeNamedCharacterReference } from "decode-named-character-reference";

/*
 * Aligns a rendered text leaf with the Markdown source it came from. The parser gives each text
 * node the source range it was read from, but the text is not a plain slice of it: escapes
 * (`\*` -> `*`), character references (`&amp;` -> `&`), container prefixes of continuation lines
 * (`> `, list indentation) and trailing spaces before a line break are syntax that the text leaves
 * out. Walking both left to right, each rendered character is matched to the next source
 * character that produces it; source characters that produce nothing are skipped as syntax.
 */

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{0,31}));/y;
const ASCII_PUNCTUATION = /^[!-/:-@[-`{-~]$/;

function decodeEntityAt(source: string, at: number): { value: string; length: number } | null {
  ENTITY.lastIndex = at;
  const match = ENTITY.exec(source);
  if (!match) return null;
  let value: string | false;
  if (match[1] !== undefined || match[2] !== undefined) {
    const code = match[1] !== undefined ? Number.parseInt(match[1], 10) : Number.parseInt(match[2], 16);
    // CommonMark turns 0, surrogates and out-of-range references into U+FFFD.
    value = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "\uFFFD";
  } else {
    value = decodeNamedCharacterReference(match[3]);
  }
  return value ? { value, length: match[0].length } : null;
}

/**
 * Writes into `out[outAt + i]` the source index of `value[i]`, searched in `source[from, to)`, or
 * -1 when it comes from nowhere there (text the parser or a highlighter generated). `literal`:
 * code, where backslashes and ampersands are themselves.
 */
export function alignText(value: string, source: string, from: number, to: number, literal: boolean, out: Int32Array, outAt = 0): void {
  let p = from;
  let i = 0;
  while (i < value.length) {
    const c = value[i];
    const resume = p;
    let matched = 0;
    while (p < to && matched === 0) {
      const s = source[p];
      if (!literal && s === "\\" && p + 1 < to && source[p + 1] === c && ASCII_PUNCTUATION.test(c)) {
        out[outAt + i] = p + 1;
        p += 2;
        matched = 1;
      } else if (s === c) {
        out[outAt + i] = p;
        p += 1;
        matched = 1;
      } else if (!literal && s === "&") {
        const entity = decodeEntityAt(source, p);
        if (entity && p + entity.length <= to && value.startsWith(entity.value, i)) {
          // Every character a reference produces belongs to its first source character.
          for (let k = 0; k < entity.value.length; k += 1) out[outAt + i + k] = p;
          p += entity.length;
          matched = entity.value.length;
        } else {
          p += 1;
        }
      } else {
        p += 1;
      }
    }
    if (matched === 0) {
      // Generated text (a tab expanded to spaces, a newline the renderer added): unmapped, and the
      // search resumes where it was, so one odd character does not lose the rest.
      out[outAt + i] = -1;
      p = resume;
      i += 1;
    } else {
      i += matched;
    }
  }
}

/**
 * A stand-in tokenizer: a run of up to 8 letters or digits, or one other symbol, each with the
 * whitespace before it. Concatenating the tokens gives back the text exactly, and it never splits
 * a code point, so streamed deltas are always valid strings.
 */
const TOKEN = /\s*(?:[\p{L}\p{N}\p{M}]{1,8}|[^\s\p{L}\p{N}\p{M}])|\s+$/gu;

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

export function countTokens(text: string): number {
  return tokenize(text).length;
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

/**
 * Splits an answer into sentences for citation recall. Answers are Markdown, so block structure
 * comes first: every line that starts a list item, heading, quote or table row starts a new
 * piece, as does a line after a blank line; lines of one paragraph are joined. Within a piece, a
 * sentence ends at `.`, `!`, `?` or `…` (closing quotes and brackets included) followed by space and
 * then something that is not a lowercase letter, unless the word before the period is a known
 * abbreviation ("e.g.", "Dr.", "U.S.") or a single letter (an initial). Decimal numbers and URLs
 * have no space after their dots, so they never end a sentence. Pieces with no letter or digit
 * (rules, fences, table separators) are dropped.
 */

export interface Sentence {
  /** UTF-16 offsets into the text, end exclusive, trimmed of surrounding space. */
  start: number;
  end: number;
  text: string;
}

const ABBREVIATIONS = new Set([
  "e.g", "i.e", "etc", "vs", "cf", "al", "approx", "ca", "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st",
  "no", "vol", "fig", "inc", "ltd", "co", "corp", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept",
  "oct", "nov", "dec", "u.s", "u.k", "e.u", "a.m", "p.m", "ph.d",
]);

const BLOCK_START = /^\s{0,3}(?:[-*+]\s|\d{1,9}[.)]\s|#{1,6}\s|>|\|)/;
const HAS_WORD = /[\p{L}\p{N}]/u;
const TERMINATORS = ".!?…";
const CLOSERS = "\"')]}»”’*_";

function pieces(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let pieceStart = -1;
  let offset = 0;
  for (const line of text.split("\n")) {
    const lineEnd = offset + line.length;
    const blank = line.trim() === "";
    if (blank || BLOCK_START.test(line)) {
      if (pieceStart >= 0) out.push([pieceStart, offset - 1]);
      pieceStart = blank ? -1 : offset;
    } else if (pieceStart < 0) {
      pieceStart = offset;
    }
    offset = lineEnd + 1;
  }
  if (pieceStart >= 0) out.push([pieceStart, text.length]);
  return out;
}

function isAbbreviation(text: string, periodAt: number, pieceStart: number): boolean {
  let i = periodAt;
  while (i > pieceStart && !/\s/.test(text[i - 1])) i -= 1;
  const word = text.slice(i, periodAt).toLowerCase().replace(/^[("'“‘[]+/, "");
  // "1. The first step": an ordered list's marker, not a sentence of its own.
  const listMarker = /^\d{1,9}$/.test(word) && text.slice(pieceStart, i).trim() === "";
  return listMarker || ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word);
}

function pushTrimmed(text: string, start: number, end: number, out: Sentence[]): void {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s])) s += 1;
  while (e > s && /\s/.test(text[e - 1])) e -= 1;
  if (e > s && HAS_WORD.test(text.slice(s, e))) out.push({ start: s, end: e, text: text.slice(s, e) });
}

export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  for (const [pieceStart, pieceEnd] of pieces(text)) {
    let sentenceStart = pieceStart;
    for (let i = pieceStart; i < pieceEnd; i += 1) {
      if (!TERMINATORS.includes(text[i])) continue;
      let end = i + 1;
      while (end < pieceEnd && (TERMINATORS.includes(text[end]) || CLOSERS.includes(text[end]))) end += 1;
      if (end < pieceEnd && !/\s/.test(text[end])) continue;
      let next = end;
      while (next < pieceEnd && /\s/.test(text[next])) next += 1;
      if (next < pieceEnd && /\p{Ll}/u.test(text[next])) continue;
      if (text[i] === "." && isAbbreviation(text, i, pieceStart)) continue;
      pushTrimmed(text, sentenceStart, end, out);
      sentenceStart = end;
      i = end - 1;
    }
    pushTrimmed(text, sentenceStart, pieceEnd, out);
  }
  return out;
}

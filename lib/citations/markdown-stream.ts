import remend from "remend";

/*
 * The open last block of a streamed answer, made renderable: an unclosed `**`, a link whose URL is
 * still arriving or a table whose delimiter row is not there yet would otherwise render as raw
 * syntax for a moment and then jump into shape. Only the tail is ever changed (cut or appended), so
 * the source offsets of everything before `valid` still index the real answer.
 */

export interface HealedBlock {
  /** What to parse. */
  source: string;
  /** Offsets below this are the answer's own; the rest was added by healing (never highlighted). */
  valid: number;
}

/**
 * remend's completions that edit the middle of the text (escaping `>` in list items, a lone `~`
 * between words) are off: they would shift the offsets of everything after them.
 */
const REMEND_OPTIONS = { comparisonOperators: false, singleTilde: false, setextHeadings: false, linkMode: "protocol" } as const;

/**
 * A last line that so far holds only a block marker (`-`, `1.`, `#`, `>`, `|`, a run of `=` or
 * `-`): it may become a list item, a heading or a setext underline; shown now it would flash as a
 * heading or a literal dash. Its text arrives with the next delta anyway.
 */
const PENDING_MARKER = /(^|\n)[ \t]*([-+*=#>|]+|\d{1,9}[.)]?)[ \t]*$/;

/** A table's header row before its delimiter row is complete: it renders as a table or not at all. */
function pendingTableHead(source: string): boolean {
  if (!/^ {0,3}\|/.test(source)) return false;
  const lines = source.split("\n");
  return lines.length < 3;
}

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i += 1;
  return i;
}

export function healOpenBlock(source: string): HealedBlock {
  if (pendingTableHead(source)) return { source: "", valid: 0 };
  let cut = source;
  const marker = PENDING_MARKER.exec(cut);
  if (marker) cut = cut.slice(0, marker.index + marker[1].length);
  const healed = remend(cut, REMEND_OPTIONS);
  return { source: healed, valid: commonPrefix(healed, cut) };
}

/**
 * Render blocks: the answer is cut into pieces that stop changing once the text has moved past
 * them, so a renderer memoised per block redraws only the last one (and the few a new citation
 * touches) per delta, whatever the length of the answer so far.
 */
export interface TextBlock {
  readonly start: number;
  readonly end: number;
}

/** A block closes at the first line break after this many code units... */
const SOFT_LIMIT = 320;
/** ...or at the first space after this many, or unconditionally (outside a surrogate pair) here. */
const HARD_LIMIT = 640;
const FORCE_LIMIT = 1024;

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Where a block starting at `start` closes in `text`, or -1 while it may still grow. */
function closeAt(text: string, start: number): number {
  const n = text.length;
  const soft = text.indexOf("\n", start + SOFT_LIMIT);
  if (soft !== -1 && soft < start + HARD_LIMIT) return soft + 1;
  if (n <= start + HARD_LIMIT) return -1;
  const space = text.indexOf(" ", start + HARD_LIMIT);
  if (space !== -1 && space < start + FORCE_LIMIT) return space + 1;
  if (n <= start + FORCE_LIMIT) return -1;
  let cut = start + FORCE_LIMIT;
  if (isHigh(text.charCodeAt(cut - 1))) cut -= 1;
  return cut;
}

/**
 * Blocks covering `text` exactly, in order. When `text` extends the text `previous` was built for,
 * closed blocks are returned as the same objects (identity matters to memoised renderers).
 */
export function splitBlocks(text: string, previous?: { text: string; blocks: readonly TextBlock[] }): TextBlock[] {
  let blocks: TextBlock[] = [];
  let start = 0;
  if (previous && previous.blocks.length > 0 && text.length >= previous.text.length && text.startsWith(previous.text)) {
    // Every block but the last was closed by text that is still there.
    blocks = previous.blocks.slice(0, -1);
    start = previous.blocks[previous.blocks.length - 1].start;
  }
  for (;;) {
    const end = closeAt(text, start);
    if (end === -1) break;
    blocks.push({ start, end });
    start = end;
  }
  if (start < text.length || blocks.length === 0) blocks.push({ start, end: text.length });
  return blocks;
}

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
/**
 * ...or, in a paragraph longer than this, after the last space before it (unconditionally, outside
 * a surrogate pair, when there is none). Closing at line breaks lets a renderer make most blocks
 * block-level boxes, so the browser lays out only the block that changed, not the whole answer.
 */
const MAX_LIMIT = 1536;

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * Where a block starting at `start` closes in `text`, or -1 while it may still grow. Decided only
 * from text that is already there, so a longer text closes the block at the same place.
 */
function closeAt(text: string, start: number): number {
  const n = text.length;
  const soft = text.indexOf("\n", start + SOFT_LIMIT);
  if (soft !== -1 && soft < start + MAX_LIMIT) return soft + 1;
  if (n <= start + MAX_LIMIT) return -1;
  const space = text.lastIndexOf(" ", start + MAX_LIMIT - 1);
  if (space > start + SOFT_LIMIT) return space + 1;
  let cut = start + MAX_LIMIT;
  if (isHigh(text.charCodeAt(cut - 1))) cut -= 1;
  return cut;
}

/**
 * How to render block `index` so the blocks together look like one pre-wrapped text: a box of its
 * own ("block") when it starts a line and ends with a line break (or is the growing last one);
 * inline otherwise, so a paragraph split for length flows on.
 */
export function blockDisplay(text: string, blocks: readonly TextBlock[], index: number): "block" | "inline" {
  const block = blocks[index];
  const startsLine = index === 0 || text.charCodeAt(blocks[index - 1].end - 1) === 10;
  const endsLine = block.end > block.start && text.charCodeAt(block.end - 1) === 10;
  return startsLine && (endsLine || index === blocks.length - 1) ? "block" : "inline";
}

/** Where the block starting at `start` is closed by the text after it, or -1 while it is still open. */
export type BlockCloser = (text: string, start: number) => number;

/**
 * Blocks covering `text` exactly, in order, as `closeAt` cuts them. When `text` extends the text
 * `previous` was built for, closed blocks are returned as the same objects (identity matters to
 * memoised renderers), and only the last block is scanned again.
 */
export function splitBlocksWith(closeAt: BlockCloser, text: string, previous?: { text: string; blocks: readonly TextBlock[] }): TextBlock[] {
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

/** Plain-text blocks (paragraphs), reusing closed blocks of `previous` (see splitBlocksWith). */
export function splitBlocks(text: string, previous?: { text: string; blocks: readonly TextBlock[] }): TextBlock[] {
  return splitBlocksWith(closeAt, text, previous);
}

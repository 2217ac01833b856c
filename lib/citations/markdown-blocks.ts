import { splitBlocksWith, type TextBlock } from "./blocks";

/*
 * Top-level Markdown blocks of a streamed answer, cut so that each one parses on its own exactly as
 * it does inside the whole answer (for what models write), and never changes once closed: a
 * renderer memoised per block then re-parses only the open last block per delta.
 *
 * A block closes at a blank line outside a fenced code block, when the next line starts at column
 * 0: after a blank line such a line can only start a new top-level block (it cannot continue a
 * paragraph, a list item or an indented code block). An indented line after a blank line may
 * belong to the list item or code above, so it stays in the block. What this gives up: a loose
 * list becomes one list per item (same text, same markers), and a reference definition or
 * footnote definition in another block is not resolved (shown as written).
 */

interface Fence {
  char: string;
  length: number;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;

function fenceOpen(line: string): Fence | null {
  const match = FENCE_OPEN.exec(line);
  if (!match) return null;
  // A backtick fence's info string may not contain a backtick (it would be inline code).
  if (match[1][0] === "`" && match[2].includes("`")) return null;
  return { char: match[1][0], length: match[1].length };
}

function fenceCloses(line: string, fence: Fence): boolean {
  const match = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
  return match !== null && match[1][0] === fence.char && match[1].length >= fence.length;
}

function isBlank(line: string): boolean {
  return /^[ \t]*$/.test(line);
}

/**
 * Where the block starting at `start` closes, or -1 while it may still grow. Decided only from
 * text already there (a closing line must have its first character), so a longer text closes it
 * at the same place.
 */
function closeAt(text: string, start: number): number {
  let fence: Fence | null = null;
  let afterBlank = false;
  let lineStart = start;
  while (lineStart < text.length) {
    const newline = text.indexOf("\n", lineStart);
    const complete = newline !== -1;
    const lineEnd = complete ? newline : text.length;
    const line = text.slice(lineStart, lineEnd);
    if (fence) {
      if (complete && fenceCloses(line, fence)) fence = null;
    } else if (afterBlank && lineStart > start && !isBlank(line) && line[0] !== " " && line[0] !== "\t") {
      return lineStart;
    } else if (isBlank(line)) {
      // An incomplete blank line may still get text; it counts once its line break is there.
      if (complete) afterBlank = true;
    } else {
      afterBlank = false;
      // An opening fence line counts once complete: until then its info string is still arriving.
      if (complete) fence = fenceOpen(line);
    }
    if (!complete) break;
    lineStart = newline + 1;
  }
  return -1;
}

/** Markdown blocks (paragraphs, fences, lists, tables…), reusing closed blocks of `previous` (see splitBlocksWith). */
export function splitMarkdownBlocks(text: string, previous?: { text: string; blocks: readonly TextBlock[] }): TextBlock[] {
  return splitBlocksWith(closeAt, text, previous);
}

/*
 * JSON texts of many megabytes (a question set's 10,000 rows: up to 20 MB) read with the event loop given turns
 * (issue 36: one JSON.parse of such a text held a server for every other user for 100-300 ms on a loaded machine).
 * A scan of the text's structure (strings skipped), in turns, cuts the one large array into its elements, each read
 * by JSON.parse; what JSON.parse would refuse is refused (SyntaxError) and what it accepts reads the same.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** Characters scanned between turns: a millisecond or two of work. */
const TURN_CHARS = 256 * 1024;

/** Lets timers and I/O run (other users' requests) before going on: a macrotask, not a microtask. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Visits the structural characters of `text` from `from` outside strings, each with the nesting depth it stands at
 * (an opening bracket: the depth outside it; a closing one: the same), until `visit` answers true: that index, or -1.
 */
async function scanStructure(text: string, from: number, visit: (code: number, at: number, depth: number) => boolean): Promise<number> {
  let depth = 0;
  let inString = false;
  let turnAt = from;
  for (let i = from; i < text.length; i++) {
    if (i - turnAt >= TURN_CHARS) {
      turnAt = i;
      await yieldToLoop();
    }
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
      continue;
    }
    if (code === QUOTE) inString = true;
    else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (visit(code, i, depth)) return i;
      depth++;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--;
      if (visit(code, i, depth)) return i;
    } else if (code === COMMA || code === COLON) {
      if (visit(code, i, depth)) return i;
    }
  }
  return -1;
}

/** The elements of the array whose `[` is at `open`, each parsed, and the index of its `]`. */
async function arrayAt(text: string, open: number): Promise<{ items: unknown[]; end: number }> {
  const items: unknown[] = [];
  let start = open + 1;
  const end = await scanStructure(text, open, (code, at, depth) => {
    if (depth === 1 && code === COMMA) {
      items.push(JSON.parse(text.slice(start, at)));
      start = at + 1;
    } else if (depth === 0 && code !== OPEN_ARRAY) {
      if (code !== CLOSE_ARRAY) throw new SyntaxError(`Unexpected character at ${at}`);
      if (items.length > 0 || text.slice(start, at).trim() !== "") items.push(JSON.parse(text.slice(start, at)));
      return true;
    }
    return false;
  });
  if (end < 0) throw new SyntaxError("Unterminated array");
  return { items, end };
}

/** A JSON array text (as JSON.stringify writes one), read an element at a time. */
export async function parseJsonArrayInTurns(text: string): Promise<unknown[]> {
  const open = text.length - text.trimStart().length;
  if (text.charCodeAt(open) !== OPEN_ARRAY) return JSON.parse(text) as unknown[];
  const { items, end } = await arrayAt(text, open);
  if (text.slice(end + 1).trim() !== "") throw new SyntaxError(`Unexpected text after the array at ${end + 1}`);
  return items;
}

/**
 * A JSON text whose value, when an object with one member `key` holding an array, has that array read an element at
 * a time (the rest of the object by JSON.parse); any other JSON text read by JSON.parse.
 */
export async function parseJsonInTurns(text: string, key: string): Promise<unknown> {
  const wanted = JSON.stringify(key);
  let memberStart = -1;
  let colonAt = -1;
  let found = -1;
  let count = 0;
  await scanStructure(text, 0, (code, at, depth) => {
    if (depth === 0 && code === OPEN_OBJECT) memberStart = at + 1;
    else if (depth === 1 && code === COMMA) memberStart = at + 1;
    else if (depth === 1 && code === COLON) colonAt = text.slice(memberStart, at).trim() === wanted ? at : -1;
    else if (depth === 1 && code === OPEN_ARRAY && colonAt >= 0 && text.slice(colonAt + 1, at).trim() === "") {
      found = at;
      count++;
    }
    return false;
  });
  if (count !== 1 || text.trimStart().charCodeAt(0) !== OPEN_OBJECT) return JSON.parse(text) as unknown;
  const { items, end } = await arrayAt(text, found);
  const rest = JSON.parse(`${text.slice(0, found)}[]${text.slice(end + 1)}`) as Record<string, unknown>;
  return { ...rest, [key]: items };
}

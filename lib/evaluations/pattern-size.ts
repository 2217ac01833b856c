/**
 * An upper bound on the size of the program RE2 (re2js) compiles a pattern into, read from the pattern's text
 * without compiling it. Matching costs about (answer length × program size) steps, and compiling costs about the
 * program size too: `[\x{0}-\x{10FFFF}]{0,999}` is 22 characters and some 2,000 instructions, and a 500-character
 * pattern of such repeats compiles for a third of a second. So a pattern is weighed here first, on the request
 * loop, in time linear in its (bounded) length, and only a pattern under the limit is ever compiled.
 *
 * Sound by construction (each rule over-counts what the compiler emits; the property test in
 * pattern-size.test.ts checks it against re2js's own `programSize()`):
 * - an atom (a literal, `.`, `^`, `$`, a class `[...]`, an escape such as `\d`, `\pL`, `\x{41}`) is one instruction;
 * - `x*`, `x+`, `x?` add two to x (the split, and a no-op when x may match empty);
 * - `x{n}` is n copies of x; `x{n,}` n copies and a loop; `x{n,m}` n copies and m - n optional ones, each with its
 *   split and no-op;
 * - a group adds two (its capture instructions), an alternation one per `|`; an empty group or alternative is one
 *   instruction (its no-op: `((?i)){12}` compiles to 38 instructions);
 * - a text that is not a repeat (`{`, `{a}`) is a literal, as RE2 reads it.
 */

/**
 * What a loop or an optional part adds to its body: the split, and the no-op RE2 puts in a loop whose body may match
 * empty (`($*){0,40}`: six instructions a copy for a four-instruction body).
 */
const LOOP = 2;

/** What every program holds besides the pattern's own instructions (the match, the outer capture, the prefix loop). */
const PROGRAM_OVERHEAD = 8;

/** An alternative's size: an empty one (`()`, `(a|)`, `((?i))`) still compiles to a no-op. */
const alternative = (size: number) => Math.max(1, size);

interface Frame {
  /** The size of the alternatives closed so far in this group. */
  closed: number;
  /** The size of the current alternative. */
  current: number;
  /** The size of the last atom or group of the current alternative, which a quantifier applies to. */
  last: number;
}

const REPEAT = /^\{(\d{1,4})(,(\d{0,4}))?\}/;

/** Index just past a `[...]` class starting at `start` (RE2: a `]` first, after `[` or `[^`, is a literal). */
function classEnd(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === "^") i++;
  if (pattern[i] === "]") i++;
  while (i < pattern.length && pattern[i] !== "]") {
    if (pattern[i] === "\\") i += 2;
    else if (pattern.startsWith("[:", i)) {
      const close = pattern.indexOf(":]", i + 2);
      i = close < 0 ? i + 1 : close + 2;
    } else i++;
  }
  return i + 1;
}

/** Index just past an escape starting at `start` (`\x{...}`, `\p{...}`, `\pL`, `\d`...). */
function escapeEnd(pattern: string, start: number): number {
  const next = pattern[start + 1];
  if ((next === "x" || next === "p" || next === "P") && pattern[start + 2] === "{") {
    const close = pattern.indexOf("}", start + 3);
    return close < 0 ? pattern.length : close + 1;
  }
  if (next === "x") return start + 4;
  if (next === "p" || next === "P") return start + 3;
  return start + 2;
}

export function patternProgramBound(pattern: string): number {
  const stack: Frame[] = [{ closed: 0, current: 0, last: 0 }];
  const top = () => stack[stack.length - 1];
  const atom = (size: number) => {
    const frame = top();
    frame.current += size;
    frame.last = size;
  };
  const quantify = (size: (x: number) => number) => {
    const frame = top();
    const grown = size(frame.last);
    frame.current += grown - frame.last;
    frame.last = grown;
  };
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === "\\") {
      if (pattern[i + 1] === "Q") {
        // \Q...\E: every character a literal.
        const close = pattern.indexOf("\\E", i + 2);
        const end = close < 0 ? pattern.length : close;
        for (let k = i + 2; k < end; k++) atom(1);
        i = close < 0 ? end : end + 2;
        continue;
      }
      i = escapeEnd(pattern, i);
      atom(1);
    } else if (c === "[") {
      i = classEnd(pattern, i);
      atom(1);
    } else if (c === "(") {
      // (?flags) sets flags and is no group; (?flags:...), (?P<name>...), (?<name>...) and (...) are.
      if (pattern[i + 1] === "?") {
        let k = i + 2;
        while (k < pattern.length && /[A-Za-z-]/.test(pattern[k])) k++;
        if (pattern[k] === ")") {
          i = k + 1;
          continue;
        }
        if (pattern[k] === "<" || (pattern[k - 1] === "P" && pattern[k] === "<")) {
          const close = pattern.indexOf(">", k);
          k = close < 0 ? pattern.length : close;
        }
        i = k + 1;
      } else i++;
      stack.push({ closed: 0, current: 0, last: 0 });
    } else if (c === ")") {
      if (stack.length === 1) {
        atom(1);
        i++;
        continue;
      }
      const frame = stack.pop()!;
      atom(frame.closed + alternative(frame.current) + 2);
      i++;
    } else if (c === "|") {
      const frame = top();
      frame.closed += alternative(frame.current) + 1;
      frame.current = 0;
      frame.last = 0;
      i++;
    } else if (c === "*" || c === "+" || c === "?") {
      quantify((x) => x + LOOP);
      i++;
    } else if (c === "{") {
      const repeat = REPEAT.exec(pattern.slice(i, i + 12));
      if (!repeat) {
        atom(1);
        i++;
        continue;
      }
      const n = Number(repeat[1]);
      if (repeat[2] === undefined) quantify((x) => Math.max(1, n) * x); // x{n}: n copies
      else if (repeat[3] === "") quantify((x) => (n + 1) * (x + LOOP)); // x{n,}: n copies and a loop
      else {
        const m = Math.max(n, Number(repeat[3]));
        quantify((x) => n * x + (m - n) * (x + LOOP) + LOOP); // x{n,m}: n copies, m - n optional ones
      }
      i += repeat[0].length;
    } else {
      atom(1);
      i++;
    }
  }
  // Groups left open are a syntax error the compiler reports; count them as closed.
  let size = 0;
  while (stack.length > 0) {
    const frame = stack.pop()!;
    size = frame.closed + alternative(frame.current) + 2 + size;
  }
  return size + PROGRAM_OVERHEAD;
}

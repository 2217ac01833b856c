/**
 * Finds where a field lives in JSON text, so a schema error on `tools[0].function.name` can be
 * underlined in the editor at that value. Tolerates nothing: the caller only asks for text that
 * JSON.parse accepted.
 */

interface TextSpan {
  from: number;
  to: number;
}

export interface LocatedPath extends TextSpan {
  /** How many of the requested segments were found; fewer when the field is missing. */
  depth: number;
}

type Segment = string | number;

class Scanner {
  index = 0;
  constructor(readonly text: string) {}

  skipSpace(): void {
    while (this.index < this.text.length && /\s/.test(this.text[this.index])) this.index += 1;
  }

  readString(): string {
    const start = this.index;
    this.index += 1;
    while (this.index < this.text.length) {
      const char = this.text[this.index];
      if (char === "\\") this.index += 2;
      else if (char === '"') {
        this.index += 1;
        break;
      } else this.index += 1;
    }
    return JSON.parse(this.text.slice(start, this.index)) as string;
  }

  /** Skips one value, returning its span. */
  skipValue(): TextSpan {
    this.skipSpace();
    const from = this.index;
    const char = this.text[this.index];
    if (char === '"') this.readString();
    else if (char === "{" || char === "[") {
      const close = char === "{" ? "}" : "]";
      this.index += 1;
      this.skipSpace();
      if (this.text[this.index] === close) this.index += 1;
      else {
        for (;;) {
          if (char === "{") {
            this.skipSpace();
            this.readString();
            this.skipSpace();
            this.index += 1; // ':'
          }
          if (!this.skipMember()) break;
        }
      }
    } else {
      while (this.index < this.text.length && !/[\s,\]}]/.test(this.text[this.index])) this.index += 1;
    }
    return { from, to: this.index };
  }

  /** Skips the value here and the comma after it; false when that value was its container's last. */
  skipMember(): boolean {
    this.skipValue();
    this.skipSpace();
    const next = this.text[this.index];
    this.index += 1;
    return next === ",";
  }

  /** The span of the value that starts here, without moving past it. */
  peekValue(): TextSpan {
    const probe = new Scanner(this.text);
    probe.index = this.index;
    return probe.skipValue();
  }
}

/**
 * The span of the value at `path` (or, when the last segments are missing, of the deepest value that
 * exists on the way, so "required" errors point at the object that lacks the field). For an object
 * member the span starts at its key, which reads better when underlined.
 */
export function locateJsonPath(text: string, path: readonly Segment[]): LocatedPath | null {
  const scanner = new Scanner(text);
  scanner.skipSpace();
  if (scanner.index >= text.length) return null;
  let current: LocatedPath = { ...scanner.peekValue(), depth: 0 };

  try {
    for (const [depth, segment] of path.entries()) {
      scanner.skipSpace();
      const char = text[scanner.index];
      let found: LocatedPath | null = null;
      if (char === "{" && typeof segment === "string") {
        scanner.index += 1;
        scanner.skipSpace();
        if (text[scanner.index] === "}") break;
        for (;;) {
          scanner.skipSpace();
          const keyFrom = scanner.index;
          const key = scanner.readString();
          scanner.skipSpace();
          scanner.index += 1; // ':'
          scanner.skipSpace();
          if (key === segment) {
            found = { from: keyFrom, to: scanner.peekValue().to, depth: depth + 1 };
            break;
          }
          if (!scanner.skipMember()) break;
        }
      } else if (char === "[" && typeof segment === "number") {
        scanner.index += 1;
        scanner.skipSpace();
        if (text[scanner.index] === "]") break;
        for (let item = 0; ; item += 1) {
          scanner.skipSpace();
          if (item === segment) {
            found = { ...scanner.peekValue(), depth: depth + 1 };
            break;
          }
          if (!scanner.skipMember()) break;
        }
      }
      if (!found) break;
      current = found;
    }
  } catch {
    // Malformed text: keep the deepest span found so far.
  }
  return current;
}

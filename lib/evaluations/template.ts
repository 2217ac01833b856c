
/*
 * `{{name}}` variables in a preset's instructions and a question, filled from a question row's `vars`. Scanned with
 * indexOf (linear, nothing built from the text); spaces inside the braces are allowed (`{{ city }}`); anything
 * between `{{` and `}}` that is not a variable name is left as it is (a template that shows braces stays intact).
 */

/** A variable's name as `{{name}}` spells it: a letter or underscore, then letters, digits, underscores. */
export const VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const OPEN = "{{";
const CLOSE = "}}";
/** A name longer than this is not a variable (the row's names are bounded the same way). */
const NAME_MAX = 40;

interface Slot {
  start: number;
  end: number;
  name: string;
}

/** Between the braces: the name and a little space around it, at most. */
const INSIDE_MAX = NAME_MAX + 16;

function slots(text: string): Slot[] {
  const out: Slot[] = [];
  let from = 0;
  // The first `}}` at or after a position is the same for every `{{` before it: found once, reused, so a text full
  // of braces is still read in one pass.
  let close = -1;
  for (;;) {
    const start = text.indexOf(OPEN, from);
    if (start < 0) return out;
    if (close < start + OPEN.length) close = text.indexOf(CLOSE, start + OPEN.length);
    if (close < 0) return out;
    const inside = close - (start + OPEN.length);
    const name = inside <= INSIDE_MAX ? text.slice(start + OPEN.length, close).trim() : "";
    if (name !== "" && name.length <= NAME_MAX && VAR_NAME.test(name)) {
      out.push({ start, end: close + CLOSE.length, name });
      from = close + CLOSE.length;
    } else from = start + 1;
  }
}

/** The variable names a text uses, in first-use order. */
export function templateVariables(text: string): string[] {
  return [...new Set(slots(text).map((slot) => slot.name))];
}

/** The text with each `{{name}}` replaced by vars[name]; a name without a value is left as written. */
export function fillTemplate(text: string, vars: Readonly<Record<string, string>>): string {
  let out = "";
  let at = 0;
  for (const slot of slots(text)) {
    const value = Object.hasOwn(vars, slot.name) ? vars[slot.name] : undefined;
    if (value === undefined) continue;
    out += text.slice(at, slot.start) + value;
    at = slot.end;
  }
  return out + text.slice(at);
}

/** The variables a /responses request uses in its instructions and its (string) input. */
export function requestVariables(request: Readonly<Record<string, unknown>>): string[] {
  const texts = [request.instructions, request.input].filter((value): value is string => typeof value === "string");
  return [...new Set(texts.flatMap(templateVariables))];
}

/** The request with its instructions and (string) input filled from `vars`; other fields as they are. */
export function fillRequest<T extends Record<string, unknown>>(request: T, vars: Readonly<Record<string, string>>): T {
  if (Object.keys(vars).length === 0) return request;
  const out: Record<string, unknown> = { ...request };
  if (typeof out.instructions === "string") out.instructions = fillTemplate(out.instructions, vars);
  if (typeof out.input === "string") out.input = fillTemplate(out.input, vars);
  return out as T;
}

/** The first variable a row lacks among `used`, or null when all resolve. */
export function missingVariable(used: readonly string[], vars: Readonly<Record<string, string>> | undefined): string | null {
  return used.find((name) => !vars || !Object.hasOwn(vars, name)) ?? null;
}

/**
 * The first (version, row, variable) where a version under test uses a `{{variable}}` the row lacks, or null. The
 * import checks only the row's own text; the preset's instructions are known once a run picks its versions.
 */
export function unresolvedVariable(
  versions: ReadonlyArray<{ label: string; request: Readonly<Record<string, unknown>> }>,
  rows: ReadonlyArray<{ vars?: Readonly<Record<string, string>> }>,
): { version: string; row: number; name: string } | null {
  for (const version of versions) {
    const used = requestVariables(version.request);
    if (used.length === 0) continue;
    for (const [row, { vars }] of rows.entries()) {
      const name = missingVariable(used, vars);
      if (name !== null) return { version: version.label, row, name };
    }
  }
  return null;
}

/** The message of an unresolved variable, naming the row (1-based, as the set's page numbers them) and the variable. */
export function unresolvedMessage({ version, row, name }: { version: string; row: number; name: string }): string {
  return `${version} uses {{${name}}} but question ${row + 1} of the set has no vars.${name}`;
}

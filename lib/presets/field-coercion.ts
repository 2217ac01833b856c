/*
 * How the preset editor's controls turn what an input holds into a request value, and back. An
 * empty control means "not set", so the field is left out of the request.
 */

export function emptyToUndefined(value: unknown): unknown {
  return value === "" || value === null ? undefined : value;
}

/** A number input's value as a number; text that is not a number stays as typed, for the schema to report. */
export function toNumber(value: unknown): unknown {
  if (value === "" || value === null || value === undefined) return undefined;
  if (typeof value === "number") return value;
  const number = Number(value);
  return Number.isNaN(number) ? value : number;
}

/** A yes / no / unset select: "true", "false", "null" (an explicit null), anything else unset. */
export function toTriState(value: unknown): unknown {
  if (value === "true" || value === true) return true;
  if (value === "false" || value === false) return false;
  if (value === "null") return null;
  return undefined;
}

/** A text input's value: "" kept when `emptyValue` is "" (a field that must be present), else unset. */
export function toText(value: unknown, emptyValue?: ""): unknown {
  return emptyValue === "" ? (value ?? "") : emptyToUndefined(value);
}

/** What a chips control shows: a list of strings, a single string as one chip (`stop`), else none. */
export function chipValues(value: unknown): string[] {
  if (Array.isArray(value)) return (value as unknown[]).map(String);
  return typeof value === "string" ? [value] : [];
}

/**
 * A checkbox group's value after `option` was (un)checked: the checked options in the order the
 * group lists them, or undefined when none is checked.
 */
export function toggleOption(options: readonly string[], value: readonly unknown[], option: string, checked: boolean): string[] | undefined {
  const next = checked ? [...value, option] : value.filter((item) => item !== option);
  return next.length === 0 ? undefined : options.filter((o) => next.includes(o));
}

import type { RowErrorCollector } from "./import-errors";

/*
 * The CSV columns beyond the fixed ones, read per row so any reader (the whole-file one today, a streaming one
 * tomorrow) calls the same code: `checks` (the row's own checks) and `vars.<name>` (one column per variable).
 */

export type ExtraColumn = { kind: "checks" } | { kind: "var"; name: string };

/** The extra column a normalised header names, or null. `vars.name` keeps the name's case: `{{City}}` is not `{{city}}`. */
export function extraColumn(normalized: string, raw: string): ExtraColumn | null {
  if (normalized === "checks") return { kind: "checks" };
  const trimmed = raw.trim();
  if (trimmed.toLowerCase().startsWith("vars.") && trimmed.length > "vars.".length) return { kind: "var", name: trimmed.slice("vars.".length) };
  return null;
}

/** The key an extra column is told apart by in the header (two `vars.city` columns are one too many). */
export function extraColumnKey(column: ExtraColumn): string {
  return column.kind === "checks" ? "checks" : `vars.${column.name}`;
}

/**
 * A `checks` cell: a JSON array of spellings (`["contains:Paris","judge:cites a date"]`), or spellings one per
 * line or separated by `;` (a spelling holding `;` needs the JSON form). Blank: none.
 */
function splitChecksCell(cell: string, line: number, errors: RowErrorCollector): string[] | null {
  const trimmed = cell.trim();
  if (trimmed === "") return [];
  if (trimmed.startsWith("[")) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      errors.add({ line, field: "checks", message: "starts with [ but is not a JSON array of check spellings" });
      return null;
    }
    if (!Array.isArray(value) || !value.every((entry) => typeof entry === "string")) {
      errors.add({ line, field: "checks", message: "must be a JSON array of strings such as [\"contains:Paris\"]" });
      return null;
    }
    return value as string[];
  }
  return trimmed
    .split(/[;\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/** Puts one extra cell on the row object; false (and an error naming the line and column) when the cell is unreadable. */
export function applyExtraCell(row: Record<string, unknown>, column: ExtraColumn, cell: string, line: number, errors: RowErrorCollector): boolean {
  if (column.kind === "checks") {
    const checks = splitChecksCell(cell, line, errors);
    if (checks === null) return false;
    // No checks: no key, so a row without them reads (and exports) as a row of a set from before row checks.
    if (checks.length > 0) row.checks = checks;
    return true;
  }
  // An empty cell is no value: the row lacks the variable (reported if something uses it), as a JSONL row without the key.
  if (cell === "") return true;
  const vars = (row.vars ?? {}) as Record<string, string>;
  vars[column.name] = cell;
  row.vars = vars;
  return true;
}

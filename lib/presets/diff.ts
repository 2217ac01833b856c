/**
 * Field-level diff of two JSON documents (preset configs, chat requests).
 *
 * Paths read like code: `provider.order`, `metadata["team name"]`, `stop[2]`. Arrays of objects that
 * carry an identity (a plugin's id, a function tool's name, a server tool's type) are matched by that
 * identity rather than by position, so `plugins[web].max_results` stays the same path when the plugins
 * are reordered, and a reorder is reported once, on the array.
 *
 * Absent and null are different on the wire (an absent field falls back to the gateway default, null
 * may mean "explicitly unset"), so `absent -> null` is an addition, not "no change".
 */

import { isRecord } from "@/lib/json/is-record";
import { jsonEqual } from "./json-equal";

// The editor compares values on every keystroke; the diff itself is only needed by reviews and the history.
export { jsonEqual };

export type JsonType = "null" | "boolean" | "number" | "string" | "array" | "object";

export type ChangeKind = "added" | "removed" | "changed" | "type-changed" | "reordered";

export interface FieldChange {
  /** Display path, e.g. `plugins[web].max_results`; "" for the document itself. */
  path: string;
  /** Structured path; identity segments are `{ id }`. */
  segments: PathSegment[];
  kind: ChangeKind;
  /** Absent for "added". */
  before?: unknown;
  /** Absent for "removed". */
  after?: unknown;
}

export type PathSegment = string | number | { id: string };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: unknown };

export function jsonType(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  switch (typeof value) {
    case "boolean":
      return "boolean";
    case "number":
      return "number";
    case "string":
      return "string";
    default:
      return "object";
  }
}

/**
 * The identity of an array item, or null when it has none. Plugins carry `id`; a function tool is
 * known by its function's name; a server tool (and a stop condition) by its `type`.
 */
function itemIdentity(item: unknown): string | null {
  if (!isRecord(item)) return null;
  if (typeof item.id === "string" && item.id !== "") return item.id;
  const fn = item.function;
  if (item.type === "function" && isRecord(fn) && typeof fn.name === "string" && fn.name !== "") return fn.name;
  if (typeof item.name === "string" && item.name !== "") return item.name;
  if (typeof item.type === "string" && item.type !== "") return item.type;
  return null;
}

/** Identities of every item when all items have one and no two share it; otherwise null. */
function identities(items: unknown[]): string[] | null {
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const id = itemIdentity(item);
    if (id === null || seen.has(id)) return null;
    seen.add(id);
    ids.push(id);
  }
  return ids;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const BARE_IDENTITY = /^[A-Za-z0-9_:@/*~-]+$/;

export function formatPath(segments: readonly PathSegment[]): string {
  let out = "";
  for (const segment of segments) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (typeof segment === "string") {
      if (IDENTIFIER.test(segment)) out += out === "" ? segment : `.${segment}`;
      else out += `[${JSON.stringify(segment)}]`;
    } else {
      out += BARE_IDENTITY.test(segment.id) ? `[${segment.id}]` : `[${JSON.stringify(segment.id)}]`;
    }
  }
  return out;
}

/** True when the common items appear in a different relative order in `after`. */
function orderChanged(before: string[], after: string[]): boolean {
  const inAfter = new Set(after);
  const inBefore = new Set(before);
  const a = before.filter((id) => inAfter.has(id));
  const b = after.filter((id) => inBefore.has(id));
  return a.some((id, index) => id !== b[index]);
}

function primitiveKey(value: unknown): string {
  return `${jsonType(value)}:${JSON.stringify(value)}`;
}

function isPrimitive(value: unknown): boolean {
  return value === null || (typeof value !== "object" && typeof value !== "function");
}

function diffInto(before: unknown, after: unknown, segments: PathSegment[], out: FieldChange[]): void {
  const path = formatPath(segments);
  const typeBefore = jsonType(before);
  const typeAfter = jsonType(after);

  if (typeBefore !== typeAfter) {
    // null <-> value reads as a plain change ("null -> 0.7"); only two concrete types differing is a type change.
    const kind = typeBefore === "null" || typeAfter === "null" ? "changed" : "type-changed";
    out.push({ path, segments, kind, before, after });
    return;
  }

  if (typeBefore === "object") {
    const a = before as JsonObject;
    const b = after as JsonObject;
    const keys = [...Object.keys(a), ...Object.keys(b).filter((key) => !Object.prototype.hasOwnProperty.call(a, key))];
    for (const key of keys) {
      const inA = Object.prototype.hasOwnProperty.call(a, key) && a[key] !== undefined;
      const inB = Object.prototype.hasOwnProperty.call(b, key) && b[key] !== undefined;
      const child = [...segments, key];
      if (inA && !inB) out.push({ path: formatPath(child), segments: child, kind: "removed", before: a[key] });
      else if (!inA && inB) out.push({ path: formatPath(child), segments: child, kind: "added", after: b[key] });
      else if (inA && inB) diffInto(a[key], b[key], child, out);
    }
    return;
  }

  if (typeBefore === "array") {
    diffArray(before as unknown[], after as unknown[], segments, out);
    return;
  }

  if (!jsonEqual(before, after)) out.push({ path, segments, kind: "changed", before, after });
}

function diffArray(before: unknown[], after: unknown[], segments: PathSegment[], out: FieldChange[]): void {
  if (jsonEqual(before, after)) return;
  const path = formatPath(segments);

  // Lists of scalars (stop sequences, provider slugs, model names) are one field: a reorder of the
  // same items is named as such, anything else is shown whole.
  if (before.every(isPrimitive) && after.every(isPrimitive)) {
    const keysBefore = before.map(primitiveKey).sort();
    const keysAfter = after.map(primitiveKey).sort();
    const sameItems = keysBefore.length === keysAfter.length && keysBefore.every((key, index) => key === keysAfter[index]);
    out.push({ path, segments, kind: sameItems ? "reordered" : "changed", before, after });
    return;
  }

  const idsBefore = identities(before);
  const idsAfter = identities(after);
  if (idsBefore && idsAfter) {
    const byIdAfter = new Map(idsAfter.map((id, index) => [id, after[index]]));
    const byIdBefore = new Map(idsBefore.map((id, index) => [id, before[index]]));
    for (const [index, id] of idsBefore.entries()) {
      const child = [...segments, { id }];
      if (!byIdAfter.has(id)) out.push({ path: formatPath(child), segments: child, kind: "removed", before: before[index] });
      else diffInto(before[index], byIdAfter.get(id), child, out);
    }
    for (const [index, id] of idsAfter.entries()) {
      if (byIdBefore.has(id)) continue;
      const child = [...segments, { id }];
      out.push({ path: formatPath(child), segments: child, kind: "added", after: after[index] });
    }
    if (orderChanged(idsBefore, idsAfter)) {
      out.push({ path, segments, kind: "reordered", before: idsBefore, after: idsAfter });
    }
    return;
  }

  // No usable identity (duplicates, anonymous objects): compare position by position.
  const length = Math.max(before.length, after.length);
  for (let index = 0; index < length; index += 1) {
    const child = [...segments, index];
    if (index >= after.length) out.push({ path: formatPath(child), segments: child, kind: "removed", before: before[index] });
    else if (index >= before.length) out.push({ path: formatPath(child), segments: child, kind: "added", after: after[index] });
    else diffInto(before[index], after[index], child, out);
  }
}

/**
 * Every field that differs between `before` and `after`. `undefined` (at the top or inside objects)
 * means absent.
 */
export function diffJson(before: unknown, after: unknown): FieldChange[] {
  const out: FieldChange[] = [];
  if (before === undefined && after === undefined) return out;
  if (before === undefined) return [{ path: "", segments: [], kind: "added", after }];
  if (after === undefined) return [{ path: "", segments: [], kind: "removed", before }];
  diffInto(before, after, [], out);
  return out;
}

/**
 * The comparable document of a preset version: its config with the system prompt beside it, so one
 * diff covers everything a version stores. The prompt goes under a key a chat request cannot use.
 */
export function presetDocument(version: { config: Record<string, unknown>; system_prompt?: string | null }): Record<string, unknown> {
  // A missing prompt and an empty one store the same thing (no system message), so both read as "".
  const document: Record<string, unknown> = { system_prompt: version.system_prompt ?? "" };
  for (const [key, value] of Object.entries(version.config)) {
    if (key !== "system_prompt") document[key] = value;
  }
  return document;
}

/** "3 fields changed (1 added, 2 changed)", or "No changes". */
export function summarizeDiff(changes: readonly FieldChange[]): string {
  if (changes.length === 0) return "No changes";
  const counts = new Map<string, number>();
  for (const change of changes) {
    const label = change.kind === "type-changed" ? "changed" : change.kind;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const total = `${changes.length} ${changes.length === 1 ? "field" : "fields"} changed`;
  if (counts.size === 1 && counts.has("changed")) return total;
  const order = ["added", "removed", "changed", "reordered"];
  const parts = order.filter((label) => counts.has(label)).map((label) => `${counts.get(label)} ${label}`);
  return `${total} (${parts.join(", ")})`;
}

/** A short, single-line rendering of a value for diff rows: `5`, `"auto"`, `["a","b"]`, `{…3 keys}`. */
export function previewValue(value: unknown, maxLength = 80): string {
  if (value === undefined) return "(absent)";
  let text: string;
  try {
    text = JSON.stringify(value as Json);
  } catch {
    text = String(value);
  }
  if (text === undefined) return String(value);
  if (text.length <= maxLength) return text;
  if (isRecord(value)) return `{…${Object.keys(value).length} keys}`;
  if (Array.isArray(value)) return `[…${value.length} items]`;
  return `${text.slice(0, maxLength - 1)}…`;
}

/** "plugins[web].max_results: 5 -> 10", the one-line text of a change. */
export function describeChange(change: FieldChange): string {
  const path = change.path === "" ? "(document)" : change.path;
  switch (change.kind) {
    case "added":
      return `${path}: added ${previewValue(change.after)}`;
    case "removed":
      return `${path}: removed (was ${previewValue(change.before)})`;
    case "reordered":
      return `${path}: reordered ${previewValue(change.before)} -> ${previewValue(change.after)}`;
    case "type-changed":
      return `${path}: ${jsonType(change.before)} ${previewValue(change.before)} -> ${jsonType(change.after)} ${previewValue(change.after)}`;
    default:
      return `${path}: ${previewValue(change.before)} -> ${previewValue(change.after)}`;
  }
}

/** The value a change path points at in `document` (undefined when absent), resolving identity segments. */
export function valueAt(document: unknown, segments: readonly PathSegment[]): unknown {
  let current: unknown = document;
  for (const segment of segments) {
    if (current === undefined || current === null) return undefined;
    if (typeof segment === "object") {
      if (!Array.isArray(current)) return undefined;
      current = current.find((item) => itemIdentity(item) === segment.id);
    } else if (typeof segment === "number") {
      current = Array.isArray(current) ? current[segment] : undefined;
    } else {
      current = isRecord(current) && Object.prototype.hasOwnProperty.call(current, segment) ? current[segment] : undefined;
    }
  }
  return current;
}

export interface ConflictRow {
  path: string;
  segments: PathSegment[];
  base: unknown;
  theirs: unknown;
  mine: unknown;
  theirsChanged: boolean;
  mineChanged: boolean;
  /** Both changed it, to different values. */
  clash: boolean;
}

/**
 * Field by field, what the other save changed and what this edit changed, both against the version
 * the edit started from. A path changed on one side only is listed too, so nothing is hidden.
 */
export function conflictRows(base: unknown, theirs: unknown, mine: unknown): ConflictRow[] {
  const theirChanges = diffJson(base, theirs);
  const myChanges = diffJson(base, mine);
  const rows = new Map<string, ConflictRow>();
  for (const change of [...theirChanges, ...myChanges]) {
    if (rows.has(change.path)) continue;
    rows.set(change.path, {
      path: change.path,
      segments: change.segments,
      base: valueAt(base, change.segments),
      theirs: valueAt(theirs, change.segments),
      mine: valueAt(mine, change.segments),
      theirsChanged: false,
      mineChanged: false,
      clash: false,
    });
  }
  for (const change of theirChanges) rows.get(change.path)!.theirsChanged = true;
  for (const change of myChanges) rows.get(change.path)!.mineChanged = true;
  for (const row of rows.values()) row.clash = row.theirsChanged && row.mineChanged && !jsonEqual(row.theirs, row.mine);
  return [...rows.values()];
}

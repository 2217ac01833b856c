import { formatPath, jsonEqual, type PathSegment } from "./diff";
import { isRecord } from "@/lib/json/is-record";

/**
 * Three-way merge of JSON objects, for "re-apply mine on top of theirs" after a save conflict.
 *
 * Objects merge key by key; everything else (scalars, arrays) is one value: a side that left a value
 * as it was in the base takes the other side's. Where both sides changed the same value differently,
 * mine wins (the user asked to re-apply their edit) and the path is reported, so the UI can point at
 * what they overrode before they save again.
 */
export interface MergeResult {
  merged: Record<string, unknown>;
  /** Paths both sides changed to different values; mine was kept. */
  overridden: string[];
}

function present(object: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key) && object[key] !== undefined;
}

function mergeObjects(
  base: Record<string, unknown>,
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
  segments: PathSegment[],
  overridden: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(theirs), ...Object.keys(mine), ...Object.keys(base)]);
  for (const key of keys) {
    const b = present(base, key) ? base[key] : undefined;
    const m = present(mine, key) ? mine[key] : undefined;
    const t = present(theirs, key) ? theirs[key] : undefined;
    let value: unknown;
    if (jsonEqual(m, b)) value = t;
    else if (jsonEqual(t, b) || jsonEqual(t, m)) value = m;
    else if (isRecord(m) && isRecord(t)) value = mergeObjects(isRecord(b) ? b : {}, m, t, [...segments, key], overridden);
    else {
      overridden.push(formatPath([...segments, key]));
      value = m;
    }
    if (value !== undefined) out[key] = value;
  }
  return out;
}

export function mergeThreeWay(
  base: Record<string, unknown>,
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
): MergeResult {
  const overridden: string[] = [];
  const merged = mergeObjects(base, mine, theirs, [], overridden);
  return { merged, overridden };
}

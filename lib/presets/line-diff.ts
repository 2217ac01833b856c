/**
 * Line diff of two JSON documents for the unified and side-by-side views. Both sides are printed with
 * sorted keys first, so a key that merely moved is not shown as a change (object order carries no
 * meaning on the wire); array order is kept because it does.
 */

import { isRecord } from "@/lib/json/is-record";

type LineOp = "equal" | "added" | "removed";

export interface DiffLine {
  op: LineOp;
  text: string;
  /** 1-based line numbers on each side; null on the side the line does not exist. */
  oldNumber: number | null;
  newNumber: number | null;
}

export interface SideBySideRow {
  left: { number: number; text: string; op: "equal" | "removed" } | null;
  right: { number: number; text: string; op: "equal" | "added" } | null;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys(value[key]);
    return out;
  }
  return value;
}

/** Pretty JSON with sorted keys; `undefined` prints as nothing. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return "";
  return JSON.stringify(sortKeys(value), null, 2);
}

/**
 * Myers' O((N+M)D) diff over lines: preset documents are a few hundred lines at most and differ in a
 * handful, so this stays fast where a full LCS table would grow with N*M.
 */
export function diffLines(oldText: string, newText: string): DiffLine[] {
  const a = oldText === "" ? [] : oldText.split("\n");
  const b = newText === "" ? [] : newText.split("\n");
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];

  let found = false;
  for (let d = 0; d <= max && !found; d += 1) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }

  // Walk the trace back from the end to recover the edit script.
  const ops: { op: LineOp; oldIndex: number; newIndex: number }[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d -= 1) {
    const vd = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && vd[offset + k - 1] < vd[offset + k + 1]) ? k + 1 : k - 1;
    const prevX = vd[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x -= 1;
      y -= 1;
      ops.push({ op: "equal", oldIndex: x, newIndex: y });
    }
    if (d > 0) {
      if (x === prevX) {
        y -= 1;
        ops.push({ op: "added", oldIndex: -1, newIndex: y });
      } else {
        x -= 1;
        ops.push({ op: "removed", oldIndex: x, newIndex: -1 });
      }
    }
  }
  ops.reverse();

  return ops.map(({ op, oldIndex, newIndex }) => ({
    op,
    text: op === "added" ? b[newIndex] : a[oldIndex],
    oldNumber: oldIndex >= 0 ? oldIndex + 1 : null,
    newNumber: newIndex >= 0 ? newIndex + 1 : null,
  }));
}

/** Pairs removed and added runs row by row, as a two-column view shows them. */
export function toSideBySide(lines: readonly DiffLine[]): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index];
    if (line.op === "equal") {
      rows.push({
        left: { number: line.oldNumber ?? 0, text: line.text, op: "equal" },
        right: { number: line.newNumber ?? 0, text: line.text, op: "equal" },
      });
      index += 1;
      continue;
    }
    const removed: DiffLine[] = [];
    const added: DiffLine[] = [];
    while (index < lines.length && lines[index].op !== "equal") {
      if (lines[index].op === "removed") removed.push(lines[index]);
      else added.push(lines[index]);
      index += 1;
    }
    for (let row = 0; row < Math.max(removed.length, added.length); row += 1) {
      const left = removed[row];
      const right = added[row];
      rows.push({
        left: left ? { number: left.oldNumber ?? 0, text: left.text, op: "removed" } : null,
        right: right ? { number: right.newNumber ?? 0, text: right.text, op: "added" } : null,
      });
    }
  }
  return rows;
}

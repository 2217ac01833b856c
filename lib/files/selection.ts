/**
 * List selection kept by file id, not by row index, so it survives new pages arriving below it, a filter
 * hiding rows, and a delete shifting rows up. The index hint only saves a scan when rows have not moved.
 */
export interface SelectionState {
  selected: ReadonlySet<string>;
  /** Where a shift-range starts (the last row clicked or moved to without shift). */
  anchorId: string | null;
  /** The row the keyboard is on (aria-activedescendant). */
  activeId: string | null;
  activeIndexHint: number;
}

export interface Modifiers {
  /** Shift: select the range from the anchor. */
  range?: boolean;
  /** Ctrl or Cmd: click toggles one row; arrow keys move without changing the selection. */
  toggle?: boolean;
}

type Row = { id: string };

export const emptySelection: SelectionState = { selected: new Set(), anchorId: null, activeId: null, activeIndexHint: -1 };

function resolveIndex(rows: readonly Row[], id: string | null, hint = -1): number {
  if (id === null) return -1;
  if (hint >= 0 && hint < rows.length && rows[hint].id === id) return hint;
  return rows.findIndex((row) => row.id === id);
}

export function activeIndex(state: SelectionState, rows: readonly Row[]): number {
  return resolveIndex(rows, state.activeId, state.activeIndexHint);
}

function rangeIds(rows: readonly Row[], from: number, to: number): string[] {
  const [lo, hi] = from <= to ? [from, to] : [to, from];
  const ids: string[] = [];
  for (let i = lo; i <= hi; i += 1) ids.push(rows[i].id);
  return ids;
}

/** A pointer click on row `index`. */
export function clickRow(state: SelectionState, rows: readonly Row[], index: number, mods: Modifiers = {}): SelectionState {
  const row = rows[index];
  if (!row) return state;
  if (mods.range) {
    const anchor = resolveIndex(rows, state.anchorId);
    const ids = rangeIds(rows, anchor < 0 ? index : anchor, index);
    const selected = mods.toggle ? new Set([...state.selected, ...ids]) : new Set(ids);
    return { selected, anchorId: anchor < 0 ? row.id : state.anchorId, activeId: row.id, activeIndexHint: index };
  }
  if (mods.toggle) {
    const selected = new Set(state.selected);
    if (selected.has(row.id)) selected.delete(row.id);
    else selected.add(row.id);
    return { selected, anchorId: row.id, activeId: row.id, activeIndexHint: index };
  }
  return { selected: new Set([row.id]), anchorId: row.id, activeId: row.id, activeIndexHint: index };
}

/** The keyboard moved to row `index` (arrows, Home/End, Page keys). */
export function moveTo(state: SelectionState, rows: readonly Row[], index: number, mods: Modifiers = {}): SelectionState {
  if (rows.length === 0) return state;
  const target = Math.max(0, Math.min(rows.length - 1, index));
  if (mods.range) return clickRow(state, rows, target, { range: true });
  if (mods.toggle) return { ...state, activeId: rows[target].id, activeIndexHint: target };
  return clickRow(state, rows, target);
}

/** Space on the active row: add it to or drop it from the selection. */
export function toggleActive(state: SelectionState, rows: readonly Row[]): SelectionState {
  const index = activeIndex(state, rows);
  return index < 0 ? state : clickRow(state, rows, index, { toggle: true });
}

export function selectAll(state: SelectionState, rows: readonly Row[]): SelectionState {
  return { ...state, selected: new Set(rows.map((row) => row.id)) };
}

export function clearSelection(state: SelectionState): SelectionState {
  return state.selected.size === 0 ? state : { ...state, selected: new Set() };
}

import type { GatewayFile } from "@/lib/contract/gateway";
import { navigationTarget } from "@/lib/files/list-keys";
import { clearSelection, moveTo, selectAll, toggleActive, type SelectionState } from "@/lib/files/selection";

export interface ListKeyContext {
  rows: readonly GatewayFile[];
  selection: SelectionState;
  /** The active row's index; -1 when none. */
  active: number;
  visibleRows: number;
  onSelectionChange: (next: SelectionState) => void;
  onOpen: (file: GatewayFile) => void;
  scrollToRow: (index: number) => void;
}

/**
 * The file listbox's keys: arrows, Home/End and PageUp/PageDown move (Shift extends, Ctrl/Cmd moves
 * without selecting), Space toggles, Enter opens, Escape clears the selection and Ctrl/Cmd+A selects all.
 */
export function handleListKey(event: React.KeyboardEvent<HTMLDivElement>, { rows, selection, active, visibleRows, onSelectionChange, onOpen, scrollToRow }: ListKeyContext): void {
  if (rows.length === 0) return;
  const current = active;
  const mods = { range: event.shiftKey, toggle: event.ctrlKey || event.metaKey };
  const target = navigationTarget(event.key, current, rows.length, visibleRows);
  if (target !== null) {
    event.preventDefault();
    onSelectionChange(moveTo(selection, rows, target, mods));
    scrollToRow(target);
    return;
  }
  switch (event.key) {
    case " ":
      event.preventDefault();
      onSelectionChange(current < 0 ? moveTo(selection, rows, 0) : toggleActive(selection, rows));
      return;
    case "Enter":
      if (current >= 0) {
        event.preventDefault();
        onOpen(rows[current]);
      }
      return;
    case "Escape":
      if (selection.selected.size > 0) {
        event.preventDefault();
        onSelectionChange(clearSelection(selection));
      }
      return;
    case "a":
    case "A":
      if (mods.toggle) {
        event.preventDefault();
        onSelectionChange(selectAll(selection, rows));
      }
      return;
  }
}

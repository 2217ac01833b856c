/**
 * What deleting files does to the list's selection and what it says: a module of its own, which the file browser
 * loads with its delete dialog rather than with the list.
 */
import { formatCount } from "@/lib/format/count";
import type { SelectionState } from "./selection";

/** What a bulk delete announces: null when nothing was deleted. */
export function deletedNotice(files: readonly { filename: string }[], deleted: number, failed: number): string | null {
  if (failed === 0 && files.length === 1) return `Deleted ${files[0].filename}`;
  if (failed === 0 || deleted > 0) return `Deleted ${formatCount(deleted)} files`;
  return null;
}

/** The delete dialog's error for the files that could not be deleted; null when none failed. */
export function deleteErrorText(failed: readonly { file: { filename: string }; message: string }[]): string | null {
  return failed.length > 0 ? `Could not delete ${failed.map((f) => `${f.file.filename} (${f.message})`).join(", ")}.` : null;
}

/** Drops ids that no longer exist (deleted files); the active row moves to its neighbour. */
export function forgetIds(state: SelectionState, removed: Iterable<string>, rowsAfter: readonly { id: string }[]): SelectionState {
  const gone = new Set(removed);
  if (gone.size === 0) return state;
  const selected = new Set([...state.selected].filter((id) => !gone.has(id)));
  if (state.activeId === null || !gone.has(state.activeId)) {
    return { ...state, selected, anchorId: state.anchorId !== null && gone.has(state.anchorId) ? null : state.anchorId };
  }
  // The row that slid into the deleted one's place becomes active, so the keyboard user keeps their spot.
  const index = Math.min(Math.max(state.activeIndexHint, 0), rowsAfter.length - 1);
  const next = index >= 0 ? rowsAfter[index] : undefined;
  return {
    selected,
    anchorId: next ? next.id : null,
    activeId: next ? next.id : null,
    activeIndexHint: next ? index : -1,
  };
}

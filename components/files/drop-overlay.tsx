"use client";

import { clsx } from "clsx";

/**
 * What a drag of files over the browser shows: the drop zone over the list, in the role's words. A chunk of its
 * own, mounted at the first drag (most visits never drag).
 */
export function DropOverlay({ canEdit, dragging }: { canEdit: boolean; dragging: boolean }) {
  return (
    <div
      aria-hidden
      className={clsx(
        "pointer-events-none absolute inset-0 z-20 flex items-center justify-center rounded-xl border-2 border-dashed text-base font-semibold transition-opacity",
        canEdit
          ? "border-brand-500 bg-brand-50/90 text-brand-700 dark:bg-slate-900/90 dark:text-brand-100"
          : "border-slate-400 bg-slate-100/90 text-slate-700 dark:bg-slate-900/90 dark:text-slate-300",
        dragging ? "opacity-100" : "opacity-0",
      )}
    >
      {canEdit ? "Drop files to upload them to this workspace" : "Viewers cannot upload files"}
    </div>
  );
}

/** A viewer dropped files: why nothing is uploaded. */
export function DropRefused({ onDismiss }: { onDismiss: () => void }) {
  return (
    <p role="alert" className="mb-3 text-sm text-amber-800 dark:text-amber-300">
      Your role can view files but not upload them. Ask an admin for the editor role.{" "}
      <button type="button" className="underline" onClick={onDismiss}>
        Dismiss
      </button>
    </p>
  );
}

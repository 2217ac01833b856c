"use client";

/** What the last save, restore or conflict choice did, until dismissed. */
export function NoticeBanner({ notice, onDismiss }: { notice: string; onDismiss: () => void }) {
  return (
    <div role="status" className="flex items-start justify-between gap-3 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm dark:border-emerald-800 dark:bg-emerald-950/40">
      <span>{notice}</span>
      <button type="button" className="text-xs underline" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

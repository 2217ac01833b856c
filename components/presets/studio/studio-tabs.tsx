"use client";

import { clsx } from "clsx";
import type { StudioTab } from "@/lib/presets/search-params";

/** The studio's tabs (edit or settings, history); `onIntent` says a tab was pointed at or focused, before a click. */
export function StudioTabs({
  tab,
  canEdit,
  onSelect,
  onIntent,
}: {
  tab: StudioTab;
  canEdit: boolean;
  onSelect: (tab: StudioTab) => void;
  onIntent: (tab: StudioTab) => void;
}) {
  return (
    <div role="tablist" aria-label="Preset views" className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
      {(
        [
          ["edit", canEdit ? "Edit" : "Settings"],
          ["history", "History"],
        ] as const
      ).map(([id, label]) => (
        <button
          key={id}
          role="tab"
          id={`tab-${id}`}
          type="button"
          aria-selected={tab === id}
          aria-controls={`panel-${id}`}
          onClick={() => onSelect(id)}
          onPointerEnter={() => onIntent(id)}
          onFocus={() => onIntent(id)}
          className={clsx(
            "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
            tab === id
              ? "border-brand-600 text-brand-700 dark:border-brand-500 dark:text-white"
              : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white",
          )}
        >
          {label}
        </button>
      ))}
    </div>
  
  );
}

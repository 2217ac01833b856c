"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import type { VideoModel } from "@/lib/contract/gateway";
import { MAX_COMPARE } from "@/lib/video-models/search-params";

/** The comparison tray: picked models, removable one by one, and the button that opens the comparison (2 to 4). */
export function CompareBar({ selected, onRemove, onClear, onCompare }: { selected: VideoModel[]; onRemove: (id: string) => void; onClear: () => void; onCompare: () => void }) {
  if (selected.length === 0) return null;
  const ready = selected.length >= 2;
  return (
    <section
      aria-label="Comparison"
      data-testid="compare-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-3 py-2 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur sm:px-6 dark:border-slate-800 dark:bg-slate-950/95"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2">
        <p className="text-sm font-medium" aria-live="polite">
          {selected.length} of {MAX_COMPARE} picked
          {ready ? null : <span className="font-normal text-slate-600 dark:text-slate-400"> · pick at least 2 to compare</span>}
        </p>
        <ul className="flex min-w-0 flex-wrap gap-1">
          {selected.map((model) => (
            <li key={model.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-2 pr-0.5 text-xs dark:bg-slate-800">
              {model.name}
              <button
                type="button"
                onClick={() => onRemove(model.id)}
                className="rounded-full px-1.5 py-0.5 text-slate-600 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white"
              >
                <span aria-hidden>✕</span>
                <span className="sr-only">Remove {model.name} from the comparison</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex gap-2">
          <Button size="sm" variant="ghost" onClick={onClear}>
            Clear
          </Button>
          <Button size="sm" asChild>
            <Link href={`/video-models/generate?models=${selected.map((model) => encodeURIComponent(model.id)).join(",")}`}>Generate with these</Link>
          </Button>
          <Button size="sm" variant="primary" disabled={!ready} onClick={onCompare}>
            Compare {selected.length} models
          </Button>
        </div>
      </div>
    </section>
  );
}

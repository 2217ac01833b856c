"use client";

import { Skeletons } from "@/components/ui/skeleton";

/* A file row's bars: icon, name, then the columns (two of them only on wider screens). */
const FILE_ROW = ["h-5 w-5", "h-3.5 flex-1", "hidden h-3.5 w-24 sm:block", "h-3.5 w-14", "hidden h-3.5 w-20 sm:block"];

/**
 * The first page is on its way: the rows' placeholder, under the status line that says so (WorkspaceFiles). A
 * chunk of its own, fetched when first shown: the server render brings the first page, so the first load has no
 * use for it. (An empty workspace and a first page that could not be loaded are rarer: ./file-list-rare-states.tsx.)
 */
export function FilesSkeleton() {
  return (
    <div className="flex-1 overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800" data-testid="files-skeleton">
      {Array.from({ length: 12 }, (_, i) => (
        <div key={i} className="flex h-11 items-center gap-3 border-b border-slate-100 px-3 dark:border-slate-800/70">
          <Skeletons bars={FILE_ROW} />
        </div>
      ))}
    </div>
  );
}

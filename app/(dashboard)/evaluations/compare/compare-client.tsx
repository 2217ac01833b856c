"use client";

import { Suspense } from "react";
import { lazyNamed } from "@/components/ui/lazy-component";
import { Skeleton } from "@/components/ui/skeleton";

// Both load on first use, so the page's first load stays small.
const RunPicker = lazyNamed(() => import("@/components/evaluations/compare/run-picker"), "RunPicker");
const CompareView = lazyNamed(() => import("@/components/evaluations/compare/compare-view"), "CompareView");

export function CompareClient({ runIds }: { runIds: string[] }) {
  return (
    <div className="space-y-6">
      {runIds.length >= 2 ? (
        <Suspense fallback={<Skeleton className="h-60 w-full" />}>
          <CompareView runIds={runIds} />
        </Suspense>
      ) : null}
      <details open={runIds.length < 2} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
        <summary className="cursor-pointer text-sm font-medium">Choose runs</summary>
        <div className="mt-2">
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <RunPicker initial={runIds} />
          </Suspense>
        </div>
      </details>
    </div>
  );
}

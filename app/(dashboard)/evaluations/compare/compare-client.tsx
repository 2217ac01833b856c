"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

// Both load on first use, so the page's first load stays small.
const RunPicker = dynamic(() => import("@/components/evaluations/compare/run-picker").then((m) => m.RunPicker), { loading: () => <Skeleton className="h-40 w-full" /> });
const CompareView = dynamic(() => import("@/components/evaluations/compare/compare-view").then((m) => m.CompareView), { loading: () => <Skeleton className="h-60 w-full" /> });

export function CompareClient({ runIds }: { runIds: string[] }) {
  return (
    <div className="space-y-6">
      {runIds.length >= 2 ? <CompareView runIds={runIds} /> : null}
      <details open={runIds.length < 2} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
        <summary className="cursor-pointer text-sm font-medium">Choose runs</summary>
        <div className="mt-2">
          <RunPicker initial={runIds} />
        </div>
      </details>
    </div>
  );
}

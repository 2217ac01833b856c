import { Skeleton } from "@/components/ui/skeleton";

/** The catalog's shape while the model list loads: filter column, toolbar, calculator and a few cards. */
export function CatalogSkeleton() {
  return (
    <div role="status" aria-live="polite" data-testid="catalog-skeleton" className="grid gap-6 lg:grid-cols-[15rem_1fr]">
      <span className="sr-only">Loading video models…</span>
      <div className="hidden space-y-4 lg:block">
        {Array.from({ length: 4 }, (_, group) => (
          <div key={group} className="space-y-2">
            <Skeleton className="h-3 w-24" />
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-5/6" />
            <Skeleton className="h-5 w-4/6" />
          </div>
        ))}
      </div>
      <div className="space-y-4">
        <div className="flex gap-3">
          <Skeleton className="h-9 flex-1" />
          <Skeleton className="h-9 w-40" />
        </div>
        <Skeleton className="h-28 w-full rounded-xl" />
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, card) => (
            <div key={card} className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-3 w-1/2" />
              <Skeleton className="h-10 w-full" />
              <div className="flex gap-2">
                <Skeleton className="h-7 w-7" />
                <Skeleton className="h-7 w-5" />
                <Skeleton className="h-7 w-7" />
              </div>
              <Skeleton className="h-3 w-3/4" />
              <Skeleton className="h-16 w-full" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

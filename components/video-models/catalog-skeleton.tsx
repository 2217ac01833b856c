import { Skeleton, Skeletons } from "@/components/ui/skeleton";

/* The bars of a filter group and of a model card (name, provider, description, capability icons, prices). */
const FILTER_GROUP = ["h-3 w-24", "h-5 w-full", "h-5 w-5/6", "h-5 w-4/6"];
const CARD_HEAD = ["h-5 w-2/3", "h-3 w-1/2", "h-10 w-full"];
const CARD_CAPABILITIES = ["h-7 w-7", "h-7 w-5", "h-7 w-7"];
const CARD_FOOT = ["h-3 w-3/4", "h-16 w-full"];

/** The catalog's shape while the model list loads: filter column, toolbar, calculator and a few cards. */
export function CatalogSkeleton() {
  return (
    <div role="status" aria-live="polite" data-testid="catalog-skeleton" className="grid gap-6 lg:grid-cols-[15rem_1fr]">
      <span className="sr-only">Loading video models…</span>
      <div className="hidden space-y-4 lg:block">
        {Array.from({ length: 4 }, (_, group) => (
          <div key={group} className="space-y-2">
            <Skeletons bars={FILTER_GROUP} />
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
              <Skeletons bars={CARD_HEAD} />
              <div className="flex gap-2">
                <Skeletons bars={CARD_CAPABILITIES} />
              </div>
              <Skeletons bars={CARD_FOOT} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

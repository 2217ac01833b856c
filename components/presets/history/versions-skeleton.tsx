import { Skeleton } from "@/components/ui/skeleton";

/** The history while its versions (or its code) load: rows where the version table will be. */
export function VersionsSkeleton() {
  return (
    <div role="status" className="space-y-2" aria-busy="true" aria-label="Loading versions">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}

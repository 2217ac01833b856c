import { Skeleton, Skeletons } from "@/components/ui/skeleton";

/** What the studio shows while the editor's chunk or the preset loads, shaped like what replaces it. */
export function EditorSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_26rem]">
      <div className="space-y-4">
        <Skeletons bars={["h-40 w-full", "h-64 w-full"]} />
      </div>
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

export function StudioSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading preset" className="space-y-4">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-9 w-48" />
      <EditorSkeleton />
    </div>
  );
}

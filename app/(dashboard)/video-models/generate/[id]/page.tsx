import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { RunView } from "@/components/video-generation/run-view";
import { makeQueryClient } from "@/lib/client/query-client";
import { generationQueries } from "@/lib/client/queries/video-generations";
import { videoModelQueries } from "@/lib/client/queries/video-models";
import { readVideoModels } from "@/lib/server/services/catalog";
import { readGeneration } from "@/lib/server/services/video-generations";
import { requirePageUser } from "@/lib/server/auth/page-session";

export const metadata: Metadata = { title: "Video generation" };

/** A generation that is not recorded is not cached (the island's own fetch answers the 404). */
function recorded<T>(generation: T | null): T {
  if (generation === null) throw new Error("No such generation");
  return generation;
}

/**
 * Server page: prefetches the generation as recorded and the catalog (model names); the island then polls the
 * BFF, which refreshes the jobs from the gateway, so a reload or a second tab picks the run up from the URL.
 */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await requirePageUser();
  const { id } = await params;
  const queryClient = makeQueryClient();
  // A failed prefetch (or no such generation) leaves the query to the island, which fetches and reports it.
  await Promise.all([
    queryClient.prefetchQuery({ queryKey: generationQueries.detail(id).queryKey, queryFn: () => readGeneration(id).then(recorded) }),
    queryClient.prefetchQuery({ queryKey: videoModelQueries.list().queryKey, queryFn: async () => (await readVideoModels()).list }),
  ]);
  return (
    <>
      <PageHeader title="Video generation" description="Each model’s job with its status, time and cost; finished videos play side by side." />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <RunView id={id} />
      </HydrationBoundary>
    </>
  );
}

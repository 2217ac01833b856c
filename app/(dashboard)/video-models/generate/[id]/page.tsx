import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { RunView } from "@/components/video-generation/run-view";
import { makeQueryClient } from "@/lib/client/query-client";
import { generationKeys } from "@/lib/client/queries/video-generations";
import { videoModelKeys } from "@/lib/client/queries/video-models";
import { loadGeneration, loadVideoModels } from "@/lib/server/page-data";
import { requirePageUser } from "@/lib/server/auth/page-session";

export const metadata: Metadata = { title: "Video generation" };

/**
 * Server page: prefetches the generation as recorded and the catalog (model names); the island then polls the
 * BFF, which refreshes the jobs from the gateway, so a reload or a second tab picks the run up from the URL.
 */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await requirePageUser();
  const { id } = await params;
  const [generation, loaded] = await Promise.all([loadGeneration(id).catch(() => null), loadVideoModels().catch(() => null)]);
  const queryClient = makeQueryClient();
  if (generation) queryClient.setQueryData(generationKeys.detail(id), generation);
  if (loaded) queryClient.setQueryData(videoModelKeys.list(), loaded.list);
  return (
    <>
      <PageHeader title="Video generation" description="Each model’s job with its status, time and cost; finished videos play side by side." />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <RunView id={id} />
      </HydrationBoundary>
    </>
  );
}

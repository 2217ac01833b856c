import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { CatalogSkeleton } from "@/components/video-models/catalog-skeleton";
import { VideoModelCatalog } from "@/components/video-models/video-model-catalog";
import { makeQueryClient } from "@/lib/client/query-client";
import { videoModelQueries } from "@/lib/client/queries/video-models";
import { readVideoModels } from "@/lib/server/services/catalog";
import { requirePageUser } from "@/lib/server/auth/page-session";
import { describeFilters } from "@/lib/video-models/catalog";
import { filtersFromUrl, loadCatalogSearchParams } from "@/lib/video-models/search-params";

/** A shared link names its view in the tab title: "Video models: 1080p · audio". */
export async function generateMetadata({ searchParams }: { searchParams: Promise<SearchParams> }): Promise<Metadata> {
  const summary = describeFilters(filtersFromUrl(await loadCatalogSearchParams(searchParams)));
  return { title: summary ? `Video models: ${summary}` : "Video models" };
}

/**
 * Server page: prefetches the catalog into the query cache so the first paint already shows the
 * filtered, sorted grid the URL asks for (the client island reads the same URL state with the shared
 * nuqs parsers). When the gateway fails here the island fetches itself and shows the error with a retry.
 */
export default async function Page() {
  // Authorize before touching the catalog: the layout's check runs in parallel with this page.
  await requirePageUser();
  // A failure here is not the page's end: the island fetches the list itself and shows the error with a retry.
  const queryClient = makeQueryClient();
  const loading = readVideoModels();
  await queryClient.prefetchQuery({ queryKey: videoModelQueries.list().queryKey, queryFn: async () => (await loading).list });
  // The island revalidates against the ETag of the list it was handed (If-None-Match).
  const etag = await loading.then(
    (loaded) => loaded.etag,
    () => null,
  );

  return (
    <>
      <PageHeader
        title="Video models"
        description="Compare resolutions, durations, aspect ratios, frame images, audio and prices across video-generation models."
      />
      <NuqsAdapter>
        <HydrationBoundary state={dehydrate(queryClient)}>
          <Suspense fallback={<CatalogSkeleton />}>
            <VideoModelCatalog etag={etag} />
          </Suspense>
        </HydrationBoundary>
      </NuqsAdapter>
    </>
  );
}

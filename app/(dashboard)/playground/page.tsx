import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { Metadata } from "next";
import { createLoader, parseAsString, type SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { Playground } from "@/components/playground/playground";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { makeQueryClient } from "@/lib/client/query-client";
import { playgroundQueries, PRESET_SUGGESTIONS_LIMIT } from "@/lib/client/queries/playground";
import { presetQueries } from "@/lib/client/queries/presets";
import { parseAsComparePair } from "@/lib/presets/search-params";
import { readModelCatalog } from "@/lib/server/services/catalog";
import { pageCharge } from "@/lib/server/services/gateway-charge";
import { pageBudget } from "@/lib/server/services/page-budget";
import { isValidSlug, readPresetPage, readPresetVersion } from "@/lib/server/services/presets";
import { requirePageUser } from "@/lib/server/auth/page-session";

export const metadata: Metadata = { title: "Playground" };

/** The part of the playground's URL that names stored data: a comparison of two versions of a preset. */
const loadComparisonParams = createLoader({ preset: parseAsString, versions: parseAsComparePair });

/**
 * Server page: prefetches the model list and the presets the model picker offers (and, for a comparison of
 * two preset versions, both versions), so the first paint already has the default model and the columns.
 */
export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  // Authorize before touching the gateway: the layout's check runs in parallel with this page.
  const user = await requirePageUser();
  const { preset, versions } = await loadComparisonParams(searchParams);
  const queryClient = makeQueryClient();
  const charge = pageCharge(user.id);
  // Read here rather than in the browser, which then needs neither the pair's parser nor the preset list code
  // that comes with it; only a navigation (a new server render) changes which comparison the page shows.
  const comparison = preset && versions ? { slug: preset, pair: versions } : null;
  await Promise.all([
    queryClient.prefetchQuery({ queryKey: playgroundQueries.models().queryKey, queryFn: () => readModelCatalog(charge, pageBudget()) }),
    queryClient.prefetchQuery({
      queryKey: playgroundQueries.presets().queryKey,
      queryFn: () => readPresetPage(charge, 0, PRESET_SUGGESTIONS_LIMIT, pageBudget()),
    }),
    ...(comparison && isValidSlug(comparison.slug)
      ? [comparison.pair.from, comparison.pair.to].map((version) =>
          queryClient.prefetchQuery({
            queryKey: presetQueries.version(comparison.slug, version).queryKey,
            queryFn: () => readPresetVersion(charge, comparison.slug, version, pageBudget()),
          }),
        )
      : []),
  ]);
  return (
    <>
      <PageHeader title="Playground" description="Test web-search prompts with streamed, cited answers; compare models side by side." />
      {/* The setup lives in the URL, which needs a Suspense boundary. */}
      <NuqsAdapter>
        <HydrationBoundary state={dehydrate(queryClient)}>
          <Suspense fallback={<Skeleton className="h-96 w-full" />}>
            <Playground comparison={comparison} />
          </Suspense>
        </HydrationBoundary>
      </NuqsAdapter>
    </>
  );
}

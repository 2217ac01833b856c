import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { Metadata } from "next";
import { createLoader, type SearchParams } from "nuqs/server";
import { PresetStudio } from "@/components/presets/studio/preset-studio";
import { makeQueryClient } from "@/lib/client/query-client";
import { modelSuggestionsQuery, presetQueries } from "@/lib/client/queries/presets";
import { studioSearchParams } from "@/lib/presets/search-params";
import { readModelCatalog } from "@/lib/server/services/catalog";
import { pageCharge } from "@/lib/server/services/gateway-charge";
import { pageBudget } from "@/lib/server/services/page-budget";
import { isValidSlug, readPreset, readPresetAuditParsed, readPresetVersions } from "@/lib/server/services/presets";
import { requirePageUser } from "@/lib/server/auth/page-session";

type Params = Promise<{ slug: string }>;

const loadStudioSearchParams = createLoader(studioSearchParams);

/** Slugs are URL-safe by contract; decoding only matters for hand-typed addresses, and must not throw. */
function decodeSlug(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug } = await params;
  return { title: `${decodeSlug(slug)} · Presets` };
}

/**
 * Server page: prefetches the preset, its audit log and the model suggestions the editor reads first (and the
 * versions when the URL opens the history), so the studio starts without a round trip once it is in the
 * browser. The studio itself starts its edit after hydration, since a draft lives in this browser only.
 */
export default async function Page({ params, searchParams }: { params: Params; searchParams: Promise<SearchParams> }) {
  // Authorize before touching the gateway: the layout's check runs in parallel with this page.
  const user = await requirePageUser();
  const slug = decodeSlug((await params).slug);
  const { tab, compare } = await loadStudioSearchParams(searchParams);
  const queryClient = makeQueryClient();
  const charge = pageCharge(user.id);
  if (isValidSlug(slug)) {
    await Promise.all([
      queryClient.prefetchQuery({ queryKey: presetQueries.detail(slug).queryKey, queryFn: () => readPreset(charge, slug, pageBudget()) }),
      queryClient.prefetchQuery({ queryKey: presetQueries.audit(slug).queryKey, queryFn: () => readPresetAuditParsed(slug) }),
      queryClient.prefetchQuery({ queryKey: modelSuggestionsQuery().queryKey, queryFn: () => readModelCatalog(charge, pageBudget()) }),
      tab === "history" || compare
        ? queryClient.prefetchQuery({ queryKey: presetQueries.versions(slug).queryKey, queryFn: () => readPresetVersions(charge, slug, pageBudget()) })
        : null,
    ]);
  }
  return (
    <NuqsAdapter>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <PresetStudio slug={slug} />
      </HydrationBoundary>
    </NuqsAdapter>
  );
}

import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { PresetList } from "@/components/presets/list/preset-list";
import { makeQueryClient } from "@/lib/client/query-client";
import { presetQueries } from "@/lib/client/queries/presets";
import { filterPresets, isServerOrder, sortPresets } from "@/lib/presets/list";
import { PRESET_PAGE_SIZE } from "@/lib/presets/paging";
import { loadPresetListSearchParams } from "@/lib/presets/search-params";
import { pageCharge } from "@/lib/server/services/gateway-charge";
import { pageBudget } from "@/lib/server/services/page-budget";
import { readPresetCatalog, readPresetRows, summarizePresets } from "@/lib/server/services/presets";
import { requirePageUser } from "@/lib/server/auth/page-session";

export const metadata: Metadata = { title: "Presets" };

/**
 * Server page: prefetches the rows the URL's search, sort and page show (one gateway page in the gateway's
 * order, else the whole catalog), with each row's designated version and last author (one answer: the gateway's
 * page, then one parallel round of reads), so the table renders at once. Whatever fails here the list fetches itself and reports with a retry.
 */
export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  // Authorize before touching the gateway: the layout's check runs in parallel with this page.
  const user = await requirePageUser();
  const { q, sort, dir, page } = await loadPresetListSearchParams(searchParams);
  const offset = (Math.max(1, page) - 1) * PRESET_PAGE_SIZE;
  const queryClient = makeQueryClient();
  const charge = pageCharge(user.id);

  if (isServerOrder(q, sort, dir)) {
    await queryClient.prefetchQuery({ queryKey: presetQueries.page(offset, PRESET_PAGE_SIZE).queryKey, queryFn: () => readPresetRows(charge, offset, PRESET_PAGE_SIZE, pageBudget()) });
  } else {
    const catalog = await queryClient.fetchQuery({ queryKey: presetQueries.catalog().queryKey, queryFn: () => readPresetCatalog(charge, pageBudget()) }).catch(() => null);
    const slugs = catalog ? sortPresets(filterPresets(catalog.data, q), sort, dir).slice(offset, offset + PRESET_PAGE_SIZE).map((preset) => preset.slug) : [];
    if (slugs.length > 0) await queryClient.prefetchQuery({ queryKey: presetQueries.summaries(slugs).queryKey, queryFn: () => summarizePresets(charge, slugs.map((slug) => ({ slug })), pageBudget()) });
  }

  return (
    <NuqsAdapter>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <PresetList />
      </HydrationBoundary>
    </NuqsAdapter>
  );
}

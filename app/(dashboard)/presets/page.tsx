import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { PresetList } from "@/components/presets/list/preset-list";
import { makeQueryClient } from "@/lib/client/query-client";
import { presetQueries } from "@/lib/client/queries/presets";
import type { Preset } from "@/lib/gateway";
import { filterPresets, isServerOrder, sortPresets } from "@/lib/presets/list";
import { PRESET_PAGE_SIZE } from "@/lib/presets/paging";
import { loadPresetListSearchParams } from "@/lib/presets/search-params";
import { loadPreset, loadPresetAudit, loadPresetCatalog, loadPresetPage } from "@/lib/server/page-data";
import { requirePageUser } from "@/lib/server/page-session";

export const metadata: Metadata = { title: "Presets" };

/**
 * Server page: prefetches the rows the URL's search, sort and page show (one gateway page in the gateway's
 * order, else the whole catalog), with each row's designated version and last author, so the table renders
 * at once. Whatever fails here the list fetches itself and reports with a retry.
 */
export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  // Authorize before touching the gateway: the layout's check runs in parallel with this page.
  await requirePageUser();
  const { q, sort, dir, page } = await loadPresetListSearchParams(searchParams);
  const offset = (Math.max(1, page) - 1) * PRESET_PAGE_SIZE;
  const queryClient = makeQueryClient();

  let rows: Preset[] = [];
  if (isServerOrder(q, sort, dir)) {
    const list = presetQueries.page(offset, PRESET_PAGE_SIZE);
    const data = await queryClient.fetchQuery({ queryKey: list.queryKey, queryFn: () => loadPresetPage(offset, PRESET_PAGE_SIZE) }).catch(() => null);
    rows = data?.data ?? [];
  } else {
    const catalog = await queryClient.fetchQuery({ queryKey: presetQueries.catalog().queryKey, queryFn: loadPresetCatalog }).catch(() => null);
    rows = catalog ? sortPresets(filterPresets(catalog.data, q), sort, dir).slice(offset, offset + PRESET_PAGE_SIZE) : [];
  }
  await Promise.all(
    rows.flatMap(({ slug }) => [
      queryClient.prefetchQuery({ queryKey: presetQueries.detail(slug).queryKey, queryFn: () => loadPreset(slug) }),
      queryClient.prefetchQuery({ queryKey: presetQueries.audit(slug).queryKey, queryFn: () => loadPresetAudit(slug) }),
    ]),
  );

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PresetList />
    </HydrationBoundary>
  );
}

import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { HistoryList } from "@/components/video-generation/history-list";
import { makeQueryClient } from "@/lib/client/query-client";
import { generationKeys, HISTORY_PAGE_SIZE } from "@/lib/client/queries/video-generations";
import { loadGenerationHistory } from "@/lib/server/page-data";
import { requirePageUser } from "@/lib/server/page-session";

export const metadata: Metadata = { title: "Video generations" };

/** Server page: prefetches the history's first page (the app database, no gateway call). */
export default async function Page() {
  await requirePageUser();
  const first = await loadGenerationHistory(HISTORY_PAGE_SIZE).catch(() => null);
  const queryClient = makeQueryClient();
  if (first) queryClient.setQueryData(generationKeys.history(), { pages: [first], pageParams: [null] });
  return (
    <>
      <PageHeader
        title="Video generations"
        description="Who generated what, with which models, at what cost."
        actions={
          <Link href="/video-models/generate" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100">
            New generation
          </Link>
        }
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <HistoryList />
      </HydrationBoundary>
    </>
  );
}

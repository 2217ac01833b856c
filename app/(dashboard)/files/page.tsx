import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { FileBrowser } from "@/components/files/file-browser";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { makeQueryClient } from "@/lib/client/query-client";
import { fileQueries } from "@/lib/client/queries/files";
import { loadFileSearchParams } from "@/lib/files/search-params";
import { loadFirstFilePage, loadWorkspaces } from "@/lib/server/page-data";
import { requirePageUser } from "@/lib/server/page-session";

export const metadata: Metadata = { title: "Files" };

/**
 * Server page: prefetches the workspace list into the query cache (hydrated like every dashboard page), and
 * fetches the first page of the workspace the URL names. That page goes to the client island as a prop, not
 * through the cache: the island uses it only when its cache has nothing for that workspace yet, whereas hydrating
 * a newer first page would replace every page loaded before (a return visit keeps them and its scroll position).
 */
export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  // Authorize before touching the gateway: the layout's check runs in parallel with this page.
  await requirePageUser();
  const { workspace_id: workspaceId } = await loadFileSearchParams(searchParams);
  const queryClient = makeQueryClient();
  const [initialPage] = await Promise.all([
    loadFirstFilePage(workspaceId),
    queryClient.prefetchQuery({ queryKey: fileQueries.workspaces().queryKey, queryFn: loadWorkspaces }),
  ]);
  return (
    <>
      <PageHeader title="Files" description="Every file of a workspace, newest first. Scroll to load more." />
      {/* The browser reads its workspace and filter from the URL, which needs a Suspense boundary. */}
      <HydrationBoundary state={dehydrate(queryClient)}>
        <Suspense fallback={<Skeleton className="h-[calc(100dvh-12rem)] min-h-[28rem] w-full" />}>
          <FileBrowser initialPage={initialPage} />
        </Suspense>
      </HydrationBoundary>
    </>
  );
}

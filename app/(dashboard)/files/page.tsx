import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { FileBrowser } from "@/components/files/file-browser";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { loadFileSearchParams } from "@/lib/files/search-params";
import { requirePageUser } from "@/lib/server/page-session";
import { loadFirstFilePage } from "./load-first-page";

export const metadata: Metadata = { title: "Files" };

/**
 * Server page: fetches the first page of the workspace the URL names and hands it to the client island, which
 * uses it only when its query cache has nothing for that workspace yet (a back navigation keeps every page it had
 * loaded and its scroll position).
 */
export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  // Authorize before touching the gateway: the layout's check runs in parallel with this page.
  await requirePageUser();
  const { workspace_id: workspaceId } = await loadFileSearchParams(searchParams);
  const initialPage = await loadFirstFilePage(workspaceId);
  return (
    <>
      <PageHeader title="Files" description="Every file of a workspace, newest first. Scroll to load more." />
      {/* The browser reads its workspace and filter from the URL, which needs a Suspense boundary. */}
      <Suspense fallback={<Skeleton className="h-[calc(100dvh-12rem)] min-h-[28rem] w-full" />}>
        <FileBrowser initialPage={initialPage} />
      </Suspense>
    </>
  );
}

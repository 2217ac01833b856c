import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { FileBrowser } from "@/components/files/file-browser";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { loadFileSearchParams } from "@/lib/files/search-params";
import { loadFirstFilePage, loadInitialWorkspaces } from "@/lib/server/page-data";
import { requirePageUser } from "@/lib/server/auth/page-session";

export const metadata: Metadata = { title: "Files" };

/**
 * Server page: fetches the workspace list and the first page of the workspace the URL names, and hands both to
 * the client island as props rather than through a HydrationBoundary, whose code (hydration) the page's first
 * load would carry for these two alone. The first page is used only when the island's cache has nothing for
 * that workspace yet: hydrating a newer first page would replace every page loaded before (a return visit keeps
 * them and its scroll position). The workspace list goes into the cache as hydration would put it (the switcher,
 * `useServerWorkspaces`).
 */
export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  // Authorize before touching the gateway: the layout's check runs in parallel with this page.
  const user = await requirePageUser();
  const { workspace_id: workspaceId } = await loadFileSearchParams(searchParams);
  const [initialPage, initialWorkspaces] = await Promise.all([loadFirstFilePage(user, workspaceId), loadInitialWorkspaces(user)]);
  return (
    <>
      <PageHeader title="Files" description="Every file of a workspace, newest first. Scroll to load more." />
      {/* The browser reads its workspace and filter from the URL, which needs a Suspense boundary. */}
      <Suspense fallback={<Skeleton className="h-[calc(100dvh-12rem)] min-h-[28rem] w-full" />}>
        <FileBrowser initialPage={initialPage} initialWorkspaces={initialWorkspaces} />
      </Suspense>
    </>
  );
}

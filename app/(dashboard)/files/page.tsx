import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { FileBrowser } from "@/components/files/file-browser";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import type { InitialFilePage, InitialWorkspaces } from "@/lib/client/queries/files";
import { FileListQuerySchema } from "@/lib/contract/gateway";
import { FILES_PAGE_SIZE } from "@/lib/files/prefetch";
import { loadFileSearchParams } from "@/lib/files/search-params";
import { requirePageUser } from "@/lib/server/auth/page-session";
import { readWorkspaces } from "@/lib/server/services/catalog";
import { readFilePage } from "@/lib/server/services/files";
import { pageCharge } from "@/lib/server/services/gateway-charge";
import { pageBudget } from "@/lib/server/services/page-budget";

export const metadata: Metadata = { title: "Files" };

/**
 * The first page of a workspace's files (`fileQueries.list`'s first page), or null: a malformed workspace id, a
 * slow or rate-limited gateway give null and the file browser fetches (and reports the error) as usual.
 */
async function firstFilePage(userId: string, workspaceId: string | null): Promise<InitialFilePage | null> {
  const query = FileListQuerySchema.safeParse({ limit: FILES_PAGE_SIZE, workspace_id: workspaceId ?? undefined });
  if (!query.success) return null;
  try {
    return { workspaceId, page: await readFilePage(pageCharge(userId), query.data, pageBudget()), fetchedAt: Date.now() };
  } catch {
    return null;
  }
}

/** The workspace list as the switcher starts from it (`fileQueries.workspaces`: one page of 100), or null. */
async function workspaces(userId: string): Promise<InitialWorkspaces | null> {
  try {
    return { list: await readWorkspaces(pageCharge(userId), { limit: 100 }, pageBudget()), fetchedAt: Date.now() };
  } catch {
    return null;
  }
}

/**
 * Server page: fetches the workspace list and the first page of the workspace the URL names, and hands both to
 * the client island as props rather than through a HydrationBoundary.
 *
 * The one page that departs from the dashboard's hydration style (a HydrationBoundary over server prefetches),
 * because the file list is an infinite query a return visit must keep: hydration puts a newer server answer over
 * the cached one, so a newer first page would replace every page loaded before (thousands of rows, and the
 * scroll position with them). As props the first page seeds the query only when the island's cache has nothing
 * for that workspace yet (`initialData`), and the workspace list likewise (the switcher). The keys are the
 * island's own (lib/client/queries/files.ts); the reads are the same services, charged the same, as /api's.
 */
export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  // Authorize before touching the gateway: the layout's check runs in parallel with this page.
  const user = await requirePageUser();
  const { workspace_id: workspaceId } = await loadFileSearchParams(searchParams);
  const [initialPage, initialWorkspaces] = await Promise.all([firstFilePage(user.id, workspaceId), workspaces(user.id)]);
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

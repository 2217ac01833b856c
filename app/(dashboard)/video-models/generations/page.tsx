import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { HistoryList } from "@/components/video-generation/history-list";
import { readGenerationHistory } from "@/lib/server/services/video-generations";
import { requirePageUser } from "@/lib/server/auth/page-session";

export const metadata: Metadata = { title: "Video generations" };

const PAGE_SIZE = 20;

/**
 * Server page: one page of the history (the app database, as GET /api/videos/generations reads it), older
 * pages by the list's opaque cursor in the URL. Nothing here is interactive, so it ships no script of its own.
 */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePageUser();
  const { cursor } = await searchParams;
  const at = typeof cursor === "string" ? cursor : undefined;
  const page = await readGenerationHistory(PAGE_SIZE, at).catch(() => null);
  return (
    <>
      <PageHeader
        title="Video generations"
        description="Who generated what, with which models, at what cost."
        link={{ href: "/video-models/generate", label: "New generation" }}
      />
      {page ? (
        <HistoryList page={page} first={at === undefined} />
      ) : (
        <Alert>
          The history could not be read{at ? " from this page on" : ""}. <Link href="/video-models/generations">Start from the newest</Link> or reload.
        </Alert>
      )}
    </>
  );
}

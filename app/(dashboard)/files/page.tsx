import type { Metadata } from "next";
import { Suspense } from "react";
import { FileBrowser } from "@/components/files/file-browser";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";

export const metadata: Metadata = { title: "Files" };

export default function Page() {
  return (
    <>
      <PageHeader title="Files" description="Every file of a workspace, newest first. Scroll to load more." />
      {/* The browser reads its workspace and filter from the URL, which needs a Suspense boundary. */}
      <Suspense fallback={<Skeleton className="h-[calc(100dvh-12rem)] min-h-[28rem] w-full" />}>
        <FileBrowser />
      </Suspense>
    </>
  );
}

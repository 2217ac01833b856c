import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Video models" };

export default function Page() {
  return (
    <>
      <PageHeader title="Video models" description="Compare video-generation models." />
      <EmptyState title="Nothing here yet">This page is being built.</EmptyState>
    </>
  );
}

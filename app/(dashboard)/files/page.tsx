import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Files" };

export default function Page() {
  return (
    <>
      <PageHeader title="Files" description="Browse every file of a workspace." />
      <EmptyState title="Nothing here yet">This page is being built.</EmptyState>
    </>
  );
}

import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Playground" };

export default function Page() {
  return (
    <>
      <PageHeader title="Playground" description="Test web-search prompts with streamed, cited answers." />
      <EmptyState title="Nothing here yet">This page is being built.</EmptyState>
    </>
  );
}

import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Presets" };

export default function Page() {
  return (
    <>
      <PageHeader title="Presets" description="Named, versioned bundles of chat-request settings." />
      <EmptyState title="Nothing here yet">This page is being built.</EmptyState>
    </>
  );
}

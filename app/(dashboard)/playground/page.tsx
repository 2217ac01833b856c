import type { Metadata } from "next";
import { Suspense } from "react";
import { Playground } from "@/components/playground/playground";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";

export const metadata: Metadata = { title: "Playground" };

export default function Page() {
  return (
    <>
      <PageHeader title="Playground" description="Test web-search prompts with streamed, cited answers; compare models side by side." />
      {/* The setup lives in the URL, which needs a Suspense boundary. */}
      <Suspense fallback={<Skeleton className="h-96 w-full" />}>
        <Playground />
      </Suspense>
    </>
  );
}

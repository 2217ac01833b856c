import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { CatalogSkeleton } from "@/components/video-models/catalog-skeleton";
import { VideoModelCatalog } from "@/components/video-models/video-model-catalog";

export const metadata: Metadata = { title: "Video models" };

export default function Page() {
  return (
    <>
      <PageHeader
        title="Video models"
        description="Compare resolutions, durations, aspect ratios, frame images, audio and prices across video-generation models."
      />
      <Suspense fallback={<CatalogSkeleton />}>
        <VideoModelCatalog />
      </Suspense>
    </>
  );
}

import { PageHeader } from "@/components/ui/page-header";
import { CatalogSkeleton } from "@/components/video-models/catalog-skeleton";

/** Shown while the server prefetches the catalog on a navigation to the page. */
export default function Loading() {
  return (
    <>
      <PageHeader
        title="Video models"
        description="Compare resolutions, durations, aspect ratios, frame images, audio and prices across video-generation models."
      />
      <CatalogSkeleton />
    </>
  );
}

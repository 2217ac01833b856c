import { PageHeader } from "@/components/ui/page-header";
import { CatalogSkeleton } from "@/components/video-models/catalog-skeleton";

/**
 * Shown while the server prefetches the catalog on a navigation to the page. In the (catalog) group so it wraps the
 * catalog only: at the segment's top it was also the fallback of /video-models/generate and /generations, whose first
 * paint then said "Video models" (and a check that read the heading at the load event saw it, once React held the
 * reveal of the streamed page for a moment).
 */
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

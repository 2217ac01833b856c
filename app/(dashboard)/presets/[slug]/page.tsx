import type { Metadata } from "next";
import { PresetStudio } from "@/components/presets/studio/preset-studio";

type Params = Promise<{ slug: string }>;

/** Slugs are URL-safe by contract; decoding only matters for hand-typed addresses, and must not throw. */
function decodeSlug(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug } = await params;
  return { title: `${decodeSlug(slug)} · Presets` };
}

export default async function Page({ params }: { params: Params }) {
  const { slug } = await params;
  return <PresetStudio slug={decodeSlug(slug)} />;
}

import type { Metadata } from "next";
import { PresetList } from "@/components/presets/list/preset-list";

export const metadata: Metadata = { title: "Presets" };

export default function Page() {
  return <PresetList />;
}

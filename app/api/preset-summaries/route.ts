import { listPresetSummaries } from "@/lib/server/handlers/presets";

export const dynamic = "force-dynamic";
export const GET = listPresetSummaries;

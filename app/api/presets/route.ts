import { listPresets } from "@/lib/server/handlers/presets";

export const dynamic = "force-dynamic";
export const GET = listPresets;

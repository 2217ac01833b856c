import { getPreset, savePreset } from "@/lib/server/handlers/presets";

export const dynamic = "force-dynamic";
export const GET = getPreset;
export const POST = savePreset;

import { getGenerationFrame } from "@/lib/server/handlers/video-generations";

export const dynamic = "force-dynamic";
export const GET = getGenerationFrame;

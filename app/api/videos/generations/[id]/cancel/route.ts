import { cancelGeneration } from "@/lib/server/handlers/video-generations";

export const dynamic = "force-dynamic";
export const POST = cancelGeneration;

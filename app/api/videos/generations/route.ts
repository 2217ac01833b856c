import { createGeneration, listGenerations } from "@/lib/server/handlers/video-generations";

export const dynamic = "force-dynamic";
export const GET = listGenerations;
export const POST = createGeneration;

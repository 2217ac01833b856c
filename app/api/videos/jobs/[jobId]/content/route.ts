import { relayJobContent } from "@/lib/server/handlers/video-content";

export const dynamic = "force-dynamic";
export const GET = relayJobContent;

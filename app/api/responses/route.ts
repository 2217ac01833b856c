import { postResponses } from "@/lib/server/handlers/responses";

export const dynamic = "force-dynamic";
export const POST = postResponses;

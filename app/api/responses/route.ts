import { fastLane } from "@/lib/server/fast-lane-route";
import { postResponses } from "@/lib/server/handlers/responses";

export const dynamic = "force-dynamic";
export const POST = fastLane(postResponses);

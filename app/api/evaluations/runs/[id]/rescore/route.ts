import { applyRunRescore } from "@/lib/server/handlers/evaluation-results";

export const dynamic = "force-dynamic";
export const POST = applyRunRescore;

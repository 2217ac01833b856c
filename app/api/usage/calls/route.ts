import { getUsageCalls } from "@/lib/server/handlers/usage";

export const dynamic = "force-dynamic";
export const GET = getUsageCalls;

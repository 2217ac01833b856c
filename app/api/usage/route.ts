import { getUsage } from "@/lib/server/handlers/usage";

export const dynamic = "force-dynamic";
export const GET = getUsage;

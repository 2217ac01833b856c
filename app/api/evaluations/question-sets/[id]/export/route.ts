import { exportSet } from "@/lib/server/handlers/evaluation-sets";

export const dynamic = "force-dynamic";
export const GET = exportSet;

import { listEvalRunItems } from "@/lib/server/handlers/evaluations-runs";

export const dynamic = "force-dynamic";
export const GET = listEvalRunItems;

import { listEvaluationRunItems } from "@/lib/server/handlers/evaluation-runs";

export const dynamic = "force-dynamic";
export const GET = listEvaluationRunItems;

import { getEvaluationRun, renameEvaluationRun } from "@/lib/server/handlers/evaluation-runs";

export const dynamic = "force-dynamic";
export const GET = getEvaluationRun;
export const PATCH = renameEvaluationRun;

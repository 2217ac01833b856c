import { createEvaluationRun, listEvaluationRuns } from "@/lib/server/handlers/evaluation-runs";

export const dynamic = "force-dynamic";
export const GET = listEvaluationRuns;
export const POST = createEvaluationRun;

import { runEvaluationRunAgain } from "@/lib/server/handlers/evaluation-runs";

export const dynamic = "force-dynamic";
export const POST = runEvaluationRunAgain;

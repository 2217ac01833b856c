import { estimateEvalRun } from "@/lib/server/handlers/evaluations-runs";

export const dynamic = "force-dynamic";
export const POST = estimateEvalRun;

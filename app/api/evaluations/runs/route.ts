import { createEvalRun, listEvalRuns } from "@/lib/server/handlers/evaluation-runs";

export const dynamic = "force-dynamic";
export const GET = listEvalRuns;
export const POST = createEvalRun;

import { getEvalRun, renameEvalRun } from "@/lib/server/handlers/evaluations-runs";

export const dynamic = "force-dynamic";
export const GET = getEvalRun;
export const PATCH = renameEvalRun;

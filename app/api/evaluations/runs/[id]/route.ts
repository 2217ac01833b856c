import { getEvalRun, renameEvalRun } from "@/lib/server/handlers/evaluation-runs";

export const dynamic = "force-dynamic";
export const GET = getEvalRun;
export const PATCH = renameEvalRun;

import { cancelRunScoring } from "@/lib/server/handlers/evaluation-results";

export const dynamic = "force-dynamic";
export const POST = cancelRunScoring;

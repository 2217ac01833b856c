import { compareRunScorings } from "@/lib/server/handlers/evaluation-results";

export const dynamic = "force-dynamic";
export const GET = compareRunScorings;

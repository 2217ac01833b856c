import { compareRunResults } from "@/lib/server/handlers/evaluation-results";

export const dynamic = "force-dynamic";
export const GET = compareRunResults;

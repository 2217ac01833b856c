import { getSetRows } from "@/lib/server/handlers/evaluations";

export const dynamic = "force-dynamic";
export const GET = getSetRows;

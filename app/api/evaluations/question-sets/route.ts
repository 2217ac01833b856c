import { createSet, listSets } from "@/lib/server/handlers/evaluation-sets";

export const dynamic = "force-dynamic";
export const GET = listSets;
export const POST = createSet;

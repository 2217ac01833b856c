import { createSet, listSets } from "@/lib/server/handlers/evaluations";

export const dynamic = "force-dynamic";
export const GET = listSets;
export const POST = createSet;

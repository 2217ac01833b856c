import { deleteSet, getSet, updateSet } from "@/lib/server/handlers/evaluation-sets";

export const dynamic = "force-dynamic";
export const GET = getSet;
export const PUT = updateSet;
export const DELETE = deleteSet;

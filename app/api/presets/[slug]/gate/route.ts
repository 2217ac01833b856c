import { deleteReleaseGate, getReleaseGate, putReleaseGate } from "@/lib/server/handlers/release-gates";

export const dynamic = "force-dynamic";
export const GET = getReleaseGate;
export const PUT = putReleaseGate;
export const DELETE = deleteReleaseGate;

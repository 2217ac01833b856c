import { exportSet } from "@/lib/server/handlers/evaluations";

export const dynamic = "force-dynamic";
export const GET = exportSet;

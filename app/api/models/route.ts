import { listModels } from "@/lib/server/handlers/catalog";

export const dynamic = "force-dynamic";
export const GET = listModels;

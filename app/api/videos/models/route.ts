import { listVideoModels } from "@/lib/server/handlers/catalog";

export const dynamic = "force-dynamic";
export const GET = listVideoModels;

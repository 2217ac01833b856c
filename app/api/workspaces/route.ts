import { listWorkspaces } from "@/lib/server/handlers/catalog";

export const dynamic = "force-dynamic";
export const GET = listWorkspaces;

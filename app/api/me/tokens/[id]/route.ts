import { revokeMyToken } from "@/lib/server/handlers/access-tokens";

export const dynamic = "force-dynamic";
export const DELETE = revokeMyToken;

import { createMyToken, listMyTokens } from "@/lib/server/handlers/access-tokens";

export const dynamic = "force-dynamic";
export const GET = listMyTokens;
export const POST = createMyToken;

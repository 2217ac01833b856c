import { getMe } from "@/lib/server/handlers/users";

export const dynamic = "force-dynamic";
export const GET = getMe;

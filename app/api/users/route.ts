import { createUser, listUsers } from "@/lib/server/handlers/users";

export const dynamic = "force-dynamic";
export const GET = listUsers;
export const POST = createUser;

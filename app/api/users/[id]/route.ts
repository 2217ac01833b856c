import { deleteUser, updateUser } from "@/lib/server/handlers/users";

export const dynamic = "force-dynamic";
export const PATCH = updateUser;
export const DELETE = deleteUser;

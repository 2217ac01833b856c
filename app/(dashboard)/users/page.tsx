import type { Metadata } from "next";
import { AdminsOnly } from "@/components/users/admins-only";
import { UsersAdmin } from "@/components/users/users-admin";
import { roleAtLeast } from "@/lib/bff/schemas";
import { requirePageUser } from "@/lib/server/page-session";

export const metadata: Metadata = { title: "Users" };

/**
 * Users admin. The role is checked here on the server so a non-admin gets a clear refusal instead of a
 * page that fails; the API checks again on every call.
 */
export default async function Page() {
  const user = await requirePageUser();
  if (!roleAtLeast(user.role, "admin")) return <AdminsOnly role={user.role} />;
  return <UsersAdmin />;
}

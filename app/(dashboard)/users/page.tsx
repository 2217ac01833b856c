import type { Metadata } from "next";
import { Prefetched } from "@/components/ui/prefetched";
import { AdminsOnly } from "@/components/users/admins-only";
import { UsersAdmin } from "@/components/users/users-admin";
import { roleAtLeast } from "@/lib/contract/bff/schemas";
import { userQueries } from "@/lib/client/queries/users";
import { listPublicUsersParsed } from "@/lib/server/services/users";
import { requirePageUser } from "@/lib/server/auth/page-session";

export const metadata: Metadata = { title: "Users" };

/**
 * Users admin. The role is checked here on the server so a non-admin gets a clear refusal instead of a
 * page that fails; the API checks again on every call. For an admin the list is prefetched and hydrated.
 */
export default async function Page() {
  const user = await requirePageUser();
  if (!roleAtLeast(user.role, "admin")) return <AdminsOnly role={user.role} />;
  return (
    <Prefetched prefetch={(queryClient) => queryClient.prefetchQuery({ queryKey: userQueries.list().queryKey, queryFn: listPublicUsersParsed })}>
      <UsersAdmin />
    </Prefetched>
  );
}

import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import type { Role } from "@/lib/contract/bff/schemas";
import { ROLE_INFO } from "./roles";

/** What a non-admin sees on /users, from the server-side check or when the API answers 403. */
export function AdminsOnly({ role }: { role?: Role }) {
  return (
    <>
      <PageHeader title="Users" />
      <EmptyState title="Only admins manage users">
        {role ? `You are signed in as ${ROLE_INFO[role].label.toLowerCase()}. ` : ""}
        Ask an admin of this Gatehouse to add people, change roles or reset passwords.
      </EmptyState>
    </>
  );
}

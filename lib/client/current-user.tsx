"use client";

import { createContext, useContext } from "react";
import { roleAtLeast, type Role } from "@/lib/contract/bff/roles";
import type { SessionUser } from "@/lib/contract/bff/schemas";

const CurrentUserContext = createContext<SessionUser | null>(null);

/** Makes the signed-in user (from the dashboard layout's server-side check) available to client components. */
export function CurrentUserProvider({ user, children }: { user: SessionUser; children: React.ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

export function useCurrentUser(): SessionUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error("useCurrentUser must be used inside the dashboard layout");
  return user;
}

/**
 * Whether the signed-in user has at least `role`. For hiding or disabling controls only: the
 * server checks every request again, whatever the page shows.
 */
export function useHasRole(role: Role): boolean {
  const user = useContext(CurrentUserContext);
  return user !== null && roleAtLeast(user.role, role);
}

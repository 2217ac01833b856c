/**
 * The role order, apart from the schemas: every dashboard page asks "at least editor?" in the browser, and
 * importing it from `schemas.ts` would bring zod into every page's first load.
 */

export const ROLES = ["viewer", "editor", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** viewer < editor < admin: each role can do everything the ones before it can. */
export function roleAtLeast(role: Role, required: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(required);
}

import type { Role } from "@/lib/contract/bff/roles";

/**
 * Who may change a run (cancel it, re-score it, designate its winner, any write to it): the person who started
 * it, while an editor, or an admin. One rule: the server refuses with 403 by it (services/evaluation-runs.ts
 * assertMayWriteRun) and the pages show the buttons by it.
 */
export function mayWriteRun(user: { id: string; role: Role }, run: { user_id: string }): boolean {
  return user.role === "admin" || (user.role === "editor" && user.id === run.user_id);
}

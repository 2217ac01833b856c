import type { User } from "@/lib/contract/bff/schemas";

/** What the users page gives a dialog that acts on one user (reset password, remove): open while `user` is set. */
export interface UserActionDialogProps {
  user: User | null;
  onOpenChange: (open: boolean) => void;
  /** Told about every refusal, so the page can refresh a list that turned out stale. */
  onFailed?: (error: unknown) => void;
}

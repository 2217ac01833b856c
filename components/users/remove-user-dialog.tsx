"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent } from "@/components/ui/dialog";
import type { User } from "@/lib/contract/bff/schemas";
import { removeUser } from "@/lib/client/queries/users";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { Alert } from "@/components/ui/alert";
import type { UserActionDialogProps } from "./user-action-dialog-props";

/** Asks before removing, naming the user; a refusal (last admin, yourself, already gone) stays in the dialog. */
export function RemoveUserDialog({
  user,
  onOpenChange,
  onFailed,
  onRemoved,
  onCloseAutoFocus,
}: UserActionDialogProps & {
  onRemoved: (user: User) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (!user) return;
    setPending(true);
    setError(null);
    try {
      await removeUser(user.id);
      onRemoved(user);
    } catch (caught) {
      onFailed?.(caught);
      setError(apiErrorMessage(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(next) => {
        if (pending) return;
        if (!next) setError(null);
        onOpenChange(next);
      }}
    >
      {user ? (
        <DialogContent
          title={`Remove ${user.name}?`}
          description={`${user.email} loses access at once: open sessions end and they cannot sign in again. This cannot be undone; you can add them again later.`}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          {error ? (
            <div className="mb-4">
              <Alert>{error}</Alert>
            </div>
          ) : null}
          <DialogActions cancelDisabled={pending} className="flex-wrap">
            <Button variant="danger" onClick={() => void confirm()} disabled={pending}>
              {pending ? "Removing…" : "Remove user"}
            </Button>
          </DialogActions>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

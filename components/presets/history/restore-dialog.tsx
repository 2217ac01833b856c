"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent } from "@/components/ui/dialog";
import { apiErrorMessage, isApiStatus } from "@/lib/client/api-error-message";
import type { PresetVersion } from "@/lib/contract/gateway";
import { Alert } from "@/components/ui/alert";

/** Asks before restoring `target` as a new version; says why the last try failed. */
export function RestoreDialog({
  target,
  error,
  pending,
  onConfirm,
  onClose,
}: {
  target: PresetVersion | null;
  error: Error | null;
  pending: boolean;
  onConfirm: (version: PresetVersion) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {target ? (
        <DialogContent
          title={`Restore version ${target.version}?`}
          description={`This saves version ${target.version}'s config and system prompt as a new version, which becomes the designated one. No version is changed or deleted.`}
        >
          <div className="space-y-4">
            {error ? (
              <Alert>
                {isApiStatus(error, 409)
                  ? "The preset changed while you looked at it; the list is refreshed, try again."
                  : apiErrorMessage(error)}
              </Alert>
            ) : null}
            <DialogActions>
              <Button variant="primary" disabled={pending} onClick={() => onConfirm(target)}>
                {pending ? "Restoring…" : `Restore as a new version`}
              </Button>
            </DialogActions>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

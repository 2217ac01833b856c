"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent } from "@/components/ui/dialog";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { deleteQuestionSet, questionSetKeys } from "@/lib/client/queries/evaluation-sets";
import { returnFocusTo, type LazyPopupProps } from "@/components/ui/use-lazy-popup";

/** Asks before deleting a set with every version (admins); runs that used it keep their results. */
export default function DeleteSetDialog({ setId, name, open, setOpen, trigger, contentId }: { setId: string; name: string } & LazyPopupProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await deleteQuestionSet(setId);
      queryClient.removeQueries({ queryKey: questionSetKeys.detail(setId) });
      await queryClient.invalidateQueries({ queryKey: questionSetKeys.list() });
      setOpen(false);
      router.push("/evaluations/sets");
    } catch (caught) {
      setError(apiErrorMessage(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogContent
        id={contentId}
        title={`Delete ${name}?`}
        description="The set and every version of it are deleted. Runs that used it keep their results. This cannot be undone."
        onCloseAutoFocus={returnFocusTo(trigger)}
      >
        {error ? (
          <div className="mb-4">
            <Alert>{error}</Alert>
          </div>
        ) : null}
        <DialogActions cancelDisabled={pending}>
          <Button variant="danger" onClick={() => void confirm()} disabled={pending}>
            {pending ? "Deleting…" : "Delete set"}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}

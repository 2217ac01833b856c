"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { deleteQuestionSet, questionSetKeys } from "@/lib/client/queries/evaluation-sets";
import type { LazyPopupProps } from "@/components/ui/use-lazy-popup";

/** Asks before deleting a set with every version (admins); runs that used it keep their results. */
export default function DeleteSetDialog({ setId, name, ...popup }: { setId: string; name: string } & LazyPopupProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteQuestionSet(setId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: questionSetKeys.detail(setId) });
      await queryClient.invalidateQueries({ queryKey: questionSetKeys.list() });
      popup.setOpen(false);
      router.push("/evaluations/sets");
    },
  });

  return (
    <ConfirmDialog
      {...popup}
      title={`Delete ${name}?`}
      description="The set and every version of it are deleted. Runs that used it keep their results. This cannot be undone."
      busy={remove.isPending}
      action="Delete set"
      busyAction="Deleting…"
      variant="danger"
      onConfirm={() => remove.mutate()}
    >
      {remove.error ? <Alert>{apiErrorMessage(remove.error)}</Alert> : null}
    </ConfirmDialog>
  );
}

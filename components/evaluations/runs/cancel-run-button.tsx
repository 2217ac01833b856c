"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { lazyComponent } from "@/components/ui/lazy-component";
import { useLazyPopup } from "@/components/ui/use-lazy-popup";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { cancelEvaluationRun, evaluationRunKeys } from "@/lib/client/queries/evaluation-runs";
import { replaceQueryData } from "@/lib/client/queries/replace-query-data";

const CancelRunDialog = lazyComponent(() => import("./cancel-run-dialog"));

/** "Cancel run" and its confirmation; the answer (the cancelled run) replaces the polled one at once. */
export function CancelRunButton({ id, left }: { id: string; left: number }) {
  const queryClient = useQueryClient();
  const { setOpen, triggerProps, render } = useLazyPopup(CancelRunDialog);
  const cancel = useMutation({
    mutationFn: () => cancelEvaluationRun(id),
    onSuccess: async (next) => {
      // Not overwritten by a poll in flight, which would bring the run back as running (and the polling).
      await replaceQueryData(queryClient, evaluationRunKeys.detail(id), next);
      void queryClient.invalidateQueries({ queryKey: evaluationRunKeys.list() });
      setOpen(false);
    },
  });
  return (
    <>
      <Button variant="danger" size="sm" {...triggerProps}>
        Cancel run
      </Button>
      {render({ pending: cancel.isPending, left, onConfirm: () => cancel.mutate() })}
      {cancel.error ? <Alert className="basis-full">{apiErrorMessage(cancel.error)}</Alert> : null}
    </>
  );
}

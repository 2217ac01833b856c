"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useLazyPopup } from "@/components/ui/use-lazy-popup";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { cancelEvalRun, evalRunKeys } from "@/lib/client/queries/evaluation-runs";

const loadDialog = () => import("./cancel-run-dialog");
const CancelRunDialog = lazy(loadDialog);

/** "Cancel run" and its confirmation; the answer (the cancelled run) replaces the polled one at once. */
export function CancelRunButton({ id, left }: { id: string; left: number }) {
  const queryClient = useQueryClient();
  const { open, setOpen, mounted, trigger, contentId, triggerProps } = useLazyPopup(loadDialog);
  const cancel = useMutation({
    mutationFn: () => cancelEvalRun(id),
    onSuccess: async (next) => {
      // A poll in flight would land after this answer with the run still running (and bring the polling back).
      await queryClient.cancelQueries({ queryKey: evalRunKeys.detail(id) });
      queryClient.setQueryData(evalRunKeys.detail(id), next);
      void queryClient.invalidateQueries({ queryKey: evalRunKeys.list() });
      setOpen(false);
    },
  });
  return (
    <>
      <Button variant="danger" size="sm" {...triggerProps}>
        Cancel run
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <CancelRunDialog open={open} onOpenChange={setOpen} pending={cancel.isPending} left={left} onConfirm={() => cancel.mutate()} trigger={trigger} contentId={contentId} />
        </Suspense>
      ) : null}
      {cancel.error ? <Alert className="basis-full">{apiErrorMessage(cancel.error)}</Alert> : null}
    </>
  );
}

"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { InlineRenameForm } from "@/components/ui/inline-rename-form";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { evaluationRunKeys, renameEvaluationRun, runEvaluationRunAgain } from "@/lib/client/queries/evaluation-runs";
import { replaceQueryData } from "@/lib/client/queries/replace-query-data";
import type { EvaluationRunDetail } from "@/lib/contract/bff/evaluations";

/** The run's name as the page's heading, with Rename for its creator or an admin. */
export function RunName({ run, canRename }: { run: EvaluationRunDetail; canRename: boolean }) {
  const queryClient = useQueryClient();
  const heading = (
    <h2 className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere]" data-testid="run-name">
      {run.name}
    </h2>
  );
  if (!canRename) return <div className="flex min-w-0 flex-wrap items-baseline gap-2">{heading}</div>;
  return (
    <InlineRenameForm
      name={run.name}
      label="Run name"
      save={async (name) => {
        const next = await renameEvaluationRun(run.id, name);
        await replaceQueryData(queryClient, evaluationRunKeys.detail(run.id), next);
        void queryClient.invalidateQueries({ queryKey: evaluationRunKeys.list() });
      }}
    >
      {heading}
    </InlineRenameForm>
  );
}

/** "Run again": the same plan as a new run (the usual spending checks), then its page. */
export function RunAgainButton({ id }: { id: string }) {
  const router = useRouter();
  const again = useMutation({
    mutationFn: () => runEvaluationRunAgain(id),
    onSuccess: (next) => router.push(`/evaluations/runs/${next.id}`),
  });
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => again.mutate()} disabled={again.isPending || again.isSuccess}>
        {again.isPending ? "Starting…" : "Run again"}
      </Button>
      {again.error ? <Alert className="basis-full">{apiErrorMessage(again.error)}</Alert> : null}
    </>
  );
}

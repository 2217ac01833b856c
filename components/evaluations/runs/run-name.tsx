"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { evalRunKeys, renameEvalRun, runEvalRunAgain } from "@/lib/client/queries/evaluation-runs";
import type { EvalRunDetail } from "@/lib/contract/bff/evaluations";

/** The run's name as the page's heading, with Rename for its creator or an admin. */
export function RunName({ run, canRename }: { run: EvalRunDetail; canRename: boolean }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(run.name);
  const rename = useMutation({
    mutationFn: (name: string) => renameEvalRun(run.id, name),
    onSuccess: (next) => {
      queryClient.setQueryData(evalRunKeys.detail(run.id), next);
      void queryClient.invalidateQueries({ queryKey: evalRunKeys.list() });
      setEditing(false);
    },
  });
  if (!editing) {
    return (
      <div className="flex min-w-0 flex-wrap items-baseline gap-2">
        <h2 className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere]" data-testid="run-name">
          {run.name}
        </h2>
        {canRename ? (
          <Button size="sm" variant="ghost" onClick={() => (setDraft(run.name), setEditing(true))}>
            Rename
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        rename.mutate(draft);
      }}
    >
      <label htmlFor="run-name-input" className="sr-only">
        Run name
      </label>
      <Input id="run-name-input" value={draft} maxLength={200} onChange={(event) => setDraft(event.target.value)} className="w-full max-w-md" autoFocus />
      <Button type="submit" size="sm" variant="primary" disabled={rename.isPending || draft.trim() === ""}>
        {rename.isPending ? "Saving…" : "Save name"}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
        Keep the name
      </Button>
      {rename.error ? <Alert className="basis-full">{apiErrorMessage(rename.error)}</Alert> : null}
    </form>
  );
}

/** "Run again": the same plan as a new run (the usual spending checks), then its page. */
export function RunAgainButton({ id }: { id: string }) {
  const router = useRouter();
  const again = useMutation({
    mutationFn: () => runEvalRunAgain(id),
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

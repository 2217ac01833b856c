"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectOptions } from "@/components/ui/input";
import { Dialog, DialogActions, DialogContent } from "@/components/ui/dialog";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { applyRescore, estimateRescore, resultKeys } from "@/lib/client/queries/evaluation-results";
import { CHECK_KINDS, type CheckKind } from "@/lib/evaluations/checks";
import { parseJudgeThreshold } from "@/lib/evaluations/runs/plan-form";
import { JudgeFields } from "../runs/judge-fields";
import { formatUsd } from "./format";

const NO_ARG: readonly CheckKind[] = ["citation-support", "expected", "expected-terms"];

/**
 * Score the run's stored answers again with a new check list (editors). The cost comes first: the estimate, then
 * the Apply button; changing the list asks for a new estimate.
 */
export function RescoreDialog({
  runId,
  checks: initial,
  judgeModel: runJudge,
  onClose,
}: {
  runId: string;
  checks: readonly string[];
  judgeModel?: string | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [checks, setChecks] = useState<string[]>([...initial]);
  const [kind, setKind] = useState<CheckKind>("contains");
  const [arg, setArg] = useState("");
  const [judge, setJudge] = useState({ judgeModel: "", judgeThreshold: "" });
  const threshold = parseJudgeThreshold(judge.judgeThreshold);
  const body = () => ({
    checks,
    ...(judge.judgeModel.trim() === "" ? {} : { judge_model: judge.judgeModel.trim() }),
    ...("value" in threshold && threshold.value !== undefined ? { judge_threshold: threshold.value } : {}),
  });
  const estimate = useMutation({ mutationFn: () => estimateRescore(runId, body()) });
  const apply = useMutation({
    mutationFn: () => applyRescore(runId, body()),
    // The scoring runs on the server: its progress shows in the scorings list, polled there.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resultKeys.scorings(runId) }),
  });

  const change = (next: string[]) => {
    setChecks(next);
    estimate.reset();
  };
  const add = () => {
    const spelling = NO_ARG.includes(kind) && !arg.trim() ? kind : `${kind}:${arg.trim()}`;
    if (!checks.includes(spelling)) change([...checks, spelling]);
    setArg("");
  };
  const refused = (estimate.data?.refusals.length ?? 0) > 0;

  return (
    <Dialog open onOpenChange={(open) => !open && !apply.isPending && onClose()}>
      <DialogContent title="Re-score this run" description="Score the stored answers again with these checks. Nothing is asked of the presets again; judge checks call the judge model.">
        <div className="space-y-4 text-sm">
          <ul aria-label="Checks" className="space-y-1">
            {checks.map((check) => (
              <li key={check} className="flex items-center gap-2 rounded-md border border-slate-200 px-2 py-1 dark:border-slate-800">
                <span className="min-w-0 flex-1 break-all font-mono text-xs">{check}</span>
                <Button size="sm" variant="ghost" aria-label={`Remove ${check}`} onClick={() => change(checks.filter((c) => c !== check))}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <JudgeFields
            model={judge.judgeModel}
            threshold={judge.judgeThreshold}
            thresholdError={"error" in threshold ? threshold.error : undefined}
            placeholder={runJudge ?? "the default judge"}
            onChange={(changes) => {
              setJudge((previous) => ({ ...previous, ...changes }));
              estimate.reset();
            }}
          />
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-1 text-xs font-medium">
              Kind
              <select value={kind} onChange={(e) => setKind(e.target.value as CheckKind)} className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900">
                <SelectOptions values={CHECK_KINDS} />
              </select>
            </label>
            <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium">
              Argument
              <input value={arg} onChange={(e) => setArg(e.target.value)} maxLength={2000} className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900" />
            </label>
            <Button onClick={add} disabled={!arg.trim() && !NO_ARG.includes(kind)}>
              Add check
            </Button>
          </div>

          {estimate.data ? (
            <div data-testid="rescore-estimate" className="rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-900">
              {estimate.data.to_run} checks to run on {estimate.data.items} answers ({estimate.data.reused} verdicts already known), {estimate.data.judge_calls} judge calls
              {estimate.data.judge_calls > 0 ? ` (${estimate.data.judge_model})` : ""}: about <strong>{formatUsd(estimate.data.judge_usd)}</strong>
              {estimate.data.refusals.map((r) => (
                <p key={r.code} className="mt-1 text-red-700 dark:text-red-300">
                  {r.message}
                </p>
              ))}
            </div>
          ) : null}
          {estimate.isError ? <Alert>{apiErrorMessage(estimate.error)}</Alert> : null}
          {apply.isError ? <Alert>{apiErrorMessage(apply.error)}</Alert> : null}
          {apply.isSuccess ? (
            <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-900 dark:bg-emerald-400/10 dark:text-emerald-200">
              Scoring {apply.data.number} started: it runs on the server, its progress shows in the scorings list.
            </p>
          ) : null}

          <DialogActions cancelDisabled={apply.isPending}>
            {apply.isSuccess ? (
              <Button variant="primary" onClick={onClose}>
                Done
              </Button>
            ) : estimate.data ? (
              <Button variant="primary" disabled={refused || apply.isPending} onClick={() => apply.mutate()}>
                {apply.isPending ? "Starting…" : `Re-score for about ${formatUsd(estimate.data.judge_usd)}`}
              </Button>
            ) : (
              <Button variant="primary" disabled={checks.length === 0 || estimate.isPending || "error" in threshold} onClick={() => estimate.mutate()}>
                {estimate.isPending ? "Estimating…" : "Estimate the cost"}
              </Button>
            )}
          </DialogActions>
        </div>
      </DialogContent>
    </Dialog>
  );
}

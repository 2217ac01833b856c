"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { lazyComponent } from "@/components/ui/lazy-component";
import { Input, Select, SelectOptions } from "@/components/ui/input";
import { useLazyPopup } from "@/components/ui/use-lazy-popup";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { evaluationRunKeys, startEvaluationRun } from "@/lib/client/queries/evaluation-runs";
import type { EvaluationRunRequest } from "@/lib/contract/bff/evaluations";
import { MAX_CONCURRENCY, MAX_REPEATS, planRequest, prefilledFields, startBlockedReason, visibleErrors, type PlanForm as PlanFormState } from "@/lib/evaluations/runs/plan-form";
import { CheckFields } from "./check-fields";
import { EstimatePanel } from "./estimate-panel";
import { JudgeFields } from "./judge-fields";
import { SetFields } from "./set-fields";
import { TargetFields } from "./target-fields";
import { usePlanEstimate } from "./use-plan-estimate";

const StartRunDialog = lazyComponent(() => import("./start-run-dialog"));
const REPEATS = Array.from({ length: MAX_REPEATS }, (_, index) => index + 1);
const CONCURRENCY = Array.from({ length: MAX_CONCURRENCY }, (_, index) => index + 1);

/** A count picked from 1 up to its maximum (repeats, concurrency). */
function CountField({ label, hint, value, values, onChange, testId }: { label: string; hint: string; value: number; values: number[]; onChange: (value: number) => void; testId: string }) {
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <Select {...control} value={value} onChange={(event) => onChange(Number(event.target.value))} data-testid={testId}>
          <SelectOptions values={values} />
        </Select>
      )}
    </Field>
  );
}

/**
 * "New run": what to try, on which question set, how often and how many at once, with which checks and under
 * which cap. The estimate follows the plan as it changes; "Start run" stays disabled, with the reason beside it,
 * while the plan is incomplete or refused; confirming starts it and opens the run's page.
 */
export function PlanForm({ initial }: { initial: PlanFormState }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(initial);
  const [touched, setTouched] = useState(() => prefilledFields(initial));
  const change = (changes: Partial<PlanFormState>) => {
    setForm((previous) => ({ ...previous, ...changes }));
    setTouched((previous) => new Set([...previous, ...(Object.keys(changes) as (keyof PlanFormState)[])]));
  };
  const plan = useMemo(() => planRequest(form), [form]);
  const { estimate, error: estimateError, loading } = usePlanEstimate(plan.body);
  const estimateProblem = estimateError ? apiErrorMessage(estimateError) : null;
  const blocked = startBlockedReason({ errors: plan.errors, estimate, loading, estimateError: estimateProblem });
  const startDialog = useLazyPopup(StartRunDialog);
  const start = useMutation({
    mutationFn: (body: EvaluationRunRequest) => startEvaluationRun(body),
    onSuccess: (run) => {
      void queryClient.invalidateQueries({ queryKey: evaluationRunKeys.all });
      router.push(`/evaluations/runs/${run.id}`);
    },
  });
  const errors = visibleErrors(plan.errors, touched);

  return (
    <form className="grid gap-5 lg:grid-cols-[1fr_20rem] lg:items-start" onSubmit={(event) => event.preventDefault()} data-testid="plan-form">
      <div className="min-w-0 space-y-5">
        <TargetFields form={form} errors={errors} onChange={change} />
        <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
          <legend className="px-1 text-sm font-semibold">Questions and pace</legend>
          <SetFields form={form} errors={errors} onChange={change} />
          <div className="grid gap-3 sm:grid-cols-3">
            <CountField label="Repeats" hint="Each question asked this many times per version." value={form.repeats} values={REPEATS} onChange={(repeats) => change({ repeats })} testId="plan-repeats" />
            <CountField label="Concurrency" hint="Answers asked for at once." value={form.concurrency} values={CONCURRENCY} onChange={(concurrency) => change({ concurrency })} testId="plan-concurrency" />
            <Field label="Spending cap (USD)" hint="The run stops before it would spend more." error={errors.capUsd}>
              {(control) => <Input {...control} inputMode="decimal" value={form.capUsd} onChange={(event) => change({ capUsd: event.target.value })} data-testid="plan-cap" />}
            </Field>
          </div>
        </fieldset>
        <CheckFields checks={form.checks} error={errors.checks} onChange={(checks) => change({ checks })} />
        <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
          <legend className="px-1 text-sm font-semibold">Judge</legend>
          <JudgeFields model={form.judgeModel} threshold={form.judgeThreshold} thresholdError={errors.judgeThreshold} onChange={change} />
        </fieldset>
      </div>
      <div className="space-y-3 lg:sticky lg:top-4">
        <EstimatePanel estimate={estimate} loading={loading} problem={estimateProblem} capUsd={plan.body?.cap_usd ?? null} />
        <Button variant="primary" className="w-full" disabled={blocked !== null || start.isPending} aria-describedby="start-blocked" data-testid="plan-start" {...startDialog.triggerProps}>
          Start run
        </Button>
        <p id="start-blocked" className="text-sm text-slate-700 dark:text-slate-300" data-testid="plan-blocked">
          {blocked ?? "Nothing is spent until you confirm."}
        </p>
        {start.error ? <Alert>{apiErrorMessage(start.error)}</Alert> : null}
      </div>
      {estimate && plan.body
        ? startDialog.render({
            estimate,
            capUsd: plan.body.cap_usd,
            submitting: start.isPending,
            onConfirm: () => plan.body && start.mutate(plan.body as EvaluationRunRequest),
          })
        : null}
    </form>
  );
}

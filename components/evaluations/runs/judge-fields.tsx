"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { modelSuggestionsQuery } from "@/lib/client/queries/presets";
import { DEMO_JUDGE_MODEL } from "@/lib/evaluations/judge-protocol";

/**
 * The judge model and the pass threshold of graded checks (judge, expected), shared by the new-run form and the
 * re-score dialog. The models the gateway lists are offered; the server refuses any other (400 naming judge_model).
 */
export function JudgeFields({
  model,
  threshold,
  thresholdError,
  onChange,
  placeholder = "the default judge",
}: {
  model: string;
  threshold: string;
  thresholdError?: string;
  onChange: (changes: { judgeModel?: string; judgeThreshold?: string }) => void;
  placeholder?: string;
}) {
  const listId = useId();
  const models = useQuery(modelSuggestionsQuery());
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
      <Field
        label="Judge model"
        hint={`Grades judge, expected and citation-support checks. Empty: EVAL_JUDGE_MODEL, else the gateway's demo judge (${DEMO_JUDGE_MODEL}, word overlap) when it lists one.`}
      >
        {(control) => (
          <>
            <Input {...control} list={listId} value={model} placeholder={placeholder} autoComplete="off" onChange={(event) => onChange({ judgeModel: event.target.value })} data-testid="judge-model" />
            <datalist id={listId}>
              {(models.data ?? []).map((entry) => (
                <option key={entry.id} value={entry.id} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <Field label="Pass threshold" hint="0 to 1; empty: 0.5." error={thresholdError}>
        {(control) => <Input {...control} inputMode="decimal" value={threshold} placeholder="0.5" onChange={(event) => onChange({ judgeThreshold: event.target.value })} data-testid="judge-threshold" />}
      </Field>
    </div>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/input";
import type { PlanErrors, PlanForm } from "@/lib/evaluations/runs/plan-form";
import { questionSetQueries } from "@/lib/client/queries/evaluation-sets";

/** The question set and the version of it the run pins (the newest unless chosen). */
export function SetFields({ form, errors, onChange }: { form: PlanForm; errors: PlanErrors; onChange: (changes: Partial<PlanForm>) => void }) {
  const sets = useQuery(questionSetQueries.list());
  const chosen = sets.data?.find((set) => set.id === form.setId);
  const versions = chosen ? Array.from({ length: chosen.latest }, (_, index) => chosen.latest - index) : [];
  return (
    <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
      <Field label="Question set" error={errors.setId} hint={sets.data?.length === 0 ? "There is no question set yet: create one first." : undefined}>
        {(control) => (
          <Select {...control} value={form.setId} onChange={(event) => onChange({ setId: event.target.value, setVersion: null })} data-testid="plan-set">
            <option value="">{sets.isPending ? "Loading…" : "Choose a set"}</option>
            {(sets.data ?? []).map((set) => (
              <option key={set.id} value={set.id}>
                {set.name} ({set.row_count} questions)
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Set version">
        {(control) => (
          <Select
            {...control}
            disabled={!chosen}
            value={form.setVersion ?? ""}
            onChange={(event) => onChange({ setVersion: event.target.value === "" ? null : Number(event.target.value) })}
          >
            <option value="">Newest{chosen ? ` (v${chosen.latest})` : ""}</option>
            {versions.map((version) => (
              <option key={version} value={version}>
                v{version}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { ChipsInput } from "@/components/ui/chips-input";
import { Field, FieldMessages } from "@/components/ui/field";
import { Select, SelectOptions } from "@/components/ui/input";
import { presetQueries } from "@/lib/client/queries/presets";
import { MAX_TARGETS, type PlanErrors, type PlanForm } from "@/lib/evaluations/runs/plan-form";

type Change = (changes: Partial<PlanForm>) => void;

/** The versions of the chosen preset, as checkboxes: up to four in all with the free targets. */
function VersionChoices({ form, onChange }: { form: PlanForm; onChange: Change }) {
  const versions = useQuery({ ...presetQueries.versions(form.preset), enabled: form.preset !== "" });
  if (form.preset === "") return null;
  if (versions.isPending) return <p className="text-sm text-slate-600 dark:text-slate-400">Loading the versions…</p>;
  if (!versions.data) return <p className="text-sm text-red-700 dark:text-red-400">The versions of {form.preset} could not be read.</p>;
  const toggle = (version: number, on: boolean) => onChange({ versions: on ? [...form.versions, version] : form.versions.filter((chosen) => chosen !== version) });
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Versions of {form.preset}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {[...versions.data].reverse().map((version) => (
          <label key={version.version} className="flex items-center gap-1.5 text-sm">
            <input type="checkbox" checked={form.versions.includes(version.version)} onChange={(event) => toggle(version.version, event.target.checked)} />
            v{version.version}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What is tried: a preset and 1–4 of its versions, and/or model ids or `@preset/<slug>@<n>` strings. */
export function TargetFields({ form, errors, onChange }: { form: PlanForm; errors: PlanErrors; onChange: Change }) {
  const catalog = useQuery(presetQueries.catalog());
  const slugs = (catalog.data?.data ?? []).map((preset) => preset.slug);
  if (form.preset !== "" && !slugs.includes(form.preset)) slugs.unshift(form.preset);
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <legend className="px-1 text-sm font-semibold">What to try</legend>
      <Field label="Preset" hint={catalog.isError ? "The presets could not be listed; type model ids below instead." : undefined}>
        {(control) => (
          <Select {...control} value={form.preset} onChange={(event) => onChange({ preset: event.target.value, versions: [] })} data-testid="plan-preset">
            <option value="">No preset (models only)</option>
            <SelectOptions values={slugs} />
          </Select>
        )}
      </Field>
      <VersionChoices form={form} onChange={onChange} />
      <Field label="Models or preset versions" hint={`Model ids or @preset/<slug>@<n>, Enter after each; ${MAX_TARGETS} targets at most in all.`} error={errors.models}>
        {(control) => (
          <ChipsInput
            id={control.id}
            aria-invalid={control["aria-invalid"]}
            aria-describedby={control["aria-describedby"]}
            value={form.models}
            onChange={(models) => onChange({ models })}
            placeholder="gatehouse/swift"
            itemLabel="target"
          />
        )}
      </Field>
      {errors.versions ? <FieldMessages error={errors.versions} errorId="plan-versions-error" /> : null}
    </fieldset>
  );
}

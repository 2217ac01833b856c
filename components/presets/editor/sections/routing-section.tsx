"use client";

import { useWatch, type FieldValues } from "react-hook-form";
import { PROVIDER_SORTS, QUANTIZATIONS } from "@/lib/contract/gateway";
import { CheckboxGroupField, ChipsField, FieldGrid, SelectField, TextField, TriStateField, useFieldError } from "../fields";
import { EditorSection } from "../section";
import { FieldMessages } from "@/components/ui/field";

function SortField() {
  const sort = useWatch<FieldValues>({ name: "provider.sort" }) as unknown;
  if (sort !== null && typeof sort === "object") {
    return (
      <div className="space-y-1 text-sm">
        <p className="font-medium">Sort</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          A sort configuration object (<code>{JSON.stringify(sort)}</code>); edit it in the JSON view.
        </p>
      </div>
    );
  }
  return <SelectField name="provider.sort" label="Sort" options={PROVIDER_SORTS} hint="Applies when Order is empty; disables load balancing." />;
}

export function RoutingSection() {
  const providerError = useFieldError("provider");
  return (
    <EditorSection id="routing" description="Which providers serve the request, in which order, and under which conditions.">
      <ChipsField
        name="provider.order"
        label="Order"
        hint="Provider slugs tried first, in this order."
        sortable
        itemLabel="provider"
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <ChipsField name="provider.only" label="Only" hint="Use only these providers (merged with account settings)." sortable itemLabel="provider" />
        <ChipsField name="provider.ignore" label="Ignore" hint="Never use these providers (merged with account settings)." sortable itemLabel="provider" />
      </div>
      <FieldGrid>
        <SortField />
        <TriStateField name="provider.allow_fallbacks" label="Allow fallbacks" defaultLabel="Not set (yes)" />
        <TriStateField name="provider.require_parameters" label="Require parameters" hint="Only providers supporting every parameter given." />
        <SelectField name="provider.data_collection" label="Data collection" options={["allow", "deny"]} unsetLabel="Not set (allow)" />
        <TriStateField name="provider.zdr" label="Zero data retention only" />
        <TriStateField name="provider.enforce_distillable_text" label="Enforce distillable text" />
      </FieldGrid>
      <CheckboxGroupField name="provider.quantizations" label="Quantizations" options={QUANTIZATIONS} hint="Leave all unchecked to allow any." />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Maximum price (USD, as text)</legend>
        <FieldGrid>
          <TextField name="provider.max_price.prompt" label="Prompt, per million tokens" placeholder="e.g. 1.5" />
          <TextField name="provider.max_price.completion" label="Completion, per million tokens" placeholder="e.g. 4" />
          <TextField name="provider.max_price.request" label="Per request" />
          <TextField name="provider.max_price.image" label="Per image" />
          <TextField name="provider.max_price.audio" label="Per audio unit" />
        </FieldGrid>
      </fieldset>
      <FieldMessages error={providerError} />
    </EditorSection>
  );
}

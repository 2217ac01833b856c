"use client";

import { useState } from "react";
import { useFieldArray, useFormContext, useWatch, type FieldValues } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/input";
import { LIMITS, SERVICE_TIERS } from "@/lib/contract/gateway";
import { FieldGrid, NumberField, SelectField, TextField, useFieldError, useReadOnly } from "../fields";
import { JsonValueField } from "../json-value-field";
import { PairsField } from "../pairs-field";
import { EditorSection, SubCard } from "../section";
import { FieldMessages } from "@/components/ui/field";

export function CachingSection() {
  return (
    <EditorSection id="caching" description="Prompt caching, where the provider supports it.">
      <FieldGrid>
        <SelectField name="cache_control.type" label="Cache control" options={[{ value: "ephemeral", label: "ephemeral" }]} unsetLabel="Not set" />
        <SelectField name="cache_control.ttl" label="Cache TTL" options={["5m", "1h"]} unsetLabel="Not set (5m)" />
        <TextField name="prompt_cache_key" label="Prompt cache key" hint="Routes calls sharing a prompt prefix to the same cache." />
        <SelectField name="prompt_cache_options.mode" label="Prompt cache mode" options={["explicit"]} unsetLabel="Not set" />
        <TextField name="prompt_cache_options.ttl" label="Prompt cache TTL" placeholder="e.g. 1h" />
      </FieldGrid>
    </EditorSection>
  );
}

const CONDITIONS: Record<string, { label: string; field: string; fieldLabel: string; number: boolean; starter: unknown }> = {
  step_count_is: { label: "After N steps", field: "step_count", fieldLabel: "Steps", number: true, starter: 5 },
  max_cost: { label: "Cost reaches", field: "max_cost_in_dollars", fieldLabel: "Max cost (USD)", number: true, starter: 0.5 },
  max_tokens_used: { label: "Tokens used reach", field: "max_tokens", fieldLabel: "Max tokens", number: true, starter: 10000 },
  has_tool_call: { label: "A tool is called", field: "tool_name", fieldLabel: "Tool name", number: false, starter: "" },
  finish_reason_is: { label: "Finish reason is", field: "reason", fieldLabel: "Reason", number: false, starter: "stop" },
};

export function ServerToolLimitsSection() {
  const { control } = useFormContext<FieldValues>();
  const readOnly = useReadOnly();
  const { fields, append, remove } = useFieldArray<FieldValues>({ control, name: "stop_server_tools_when" });
  const conditions = (useWatch<FieldValues>({ name: "stop_server_tools_when" }) as { type?: unknown }[] | undefined) ?? [];
  const [kind, setKind] = useState("step_count_is");
  const error = useFieldError("stop_server_tools_when");
  return (
    <EditorSection
      id="server-tool-limits"
      description="Stop conditions: any one firing halts the server-tool loop (and overrides max_tool_calls); pending calls run, then one final turn without tools."
    >
      {fields.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No stop conditions.</p> : null}
      {fields.map((field, index) => {
        const type = String(conditions[index]?.type ?? "");
        const condition = CONDITIONS[type];
        return (
          <SubCard
            key={field.id}
            title={
              <>
                {condition?.label ?? "Condition"} <code className="font-mono text-xs">{type}</code>
              </>
            }
            actions={
              readOnly ? null : (
                <Button size="sm" variant="ghost" onClick={() => remove(index)} aria-label={`Remove stop condition ${index + 1}`}>
                  Remove
                </Button>
              )
            }
          >
            {condition ? (
              <FieldGrid>
                {condition.number ? (
                  <NumberField name={`stop_server_tools_when.${index}.${condition.field}`} label={condition.fieldLabel} min={0} />
                ) : (
                  <TextField name={`stop_server_tools_when.${index}.${condition.field}`} label={condition.fieldLabel} />
                )}
              </FieldGrid>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">Edit this condition in the JSON view.</p>
            )}
          </SubCard>
        );
      })}
      <FieldMessages error={error} />
      {!readOnly ? (
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="sr-only">Stop condition to add</span>
            <Select value={kind} onChange={(event) => setKind(event.target.value)} className="w-auto">
              {Object.entries(CONDITIONS).map(([type, condition]) => (
                <option key={type} value={type}>
                  {condition.label} ({type})
                </option>
              ))}
            </Select>
          </label>
          <Button onClick={() => append({ type: kind, [CONDITIONS[kind].field]: CONDITIONS[kind].starter })}>Add condition</Button>
        </div>
      ) : null}
    </EditorSection>
  );
}

export function MetadataSection() {
  return (
    <EditorSection
      id="metadata"
      description="Labels stored with the preset and sent with every call (team, feature, cost centre)."
    >
      <PairsField
        name="metadata"
        label="Metadata pairs"
        maxPairs={LIMITS.metadataPairs}
        keyMax={LIMITS.metadataKeyLength}
        valueMax={LIMITS.metadataValueLength}
        hint={`At most ${LIMITS.metadataPairs} pairs; keys up to ${LIMITS.metadataKeyLength} characters, values up to ${LIMITS.metadataValueLength}.`}
      />
    </EditorSection>
  );
}

export function OtherSection() {
  return (
    <EditorSection id="other">
      <FieldGrid>
        <SelectField name="service_tier" label="Service tier" options={SERVICE_TIERS} />
      </FieldGrid>
      <JsonValueField
        name="image_config"
        label="Image configuration"
        hint='For image output: keys to a string, number or array, e.g. {"aspect_ratio": "16:9"}.'
      />
    </EditorSection>
  );
}

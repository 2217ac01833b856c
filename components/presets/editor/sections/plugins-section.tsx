"use client";

import { useState } from "react";
import { useFieldArray, useFormContext, useWatch, type FieldValues } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Select, SelectOptions } from "@/components/ui/input";
import { DEFAULTS, FUSION_PRESETS, LIMITS, PDF_ENGINES, PLUGIN_IDS, WEB_SEARCH_ENGINES, WEB_SEARCH_TOOL_TYPE } from "@/lib/contract/gateway";
import { ChipsField, DeprecatedHint, EnabledCheckbox, FieldGrid, NumberField, SelectField, TextAreaField, TextField, useFieldError, useReadOnly } from "../fields";
import { JsonValueField } from "../json-value-field";
import { EditorSection, SubCard } from "../section";
import { FieldMessages } from "@/components/ui/field";

const PLUGIN_TITLES: Record<string, string> = {
  "auto-router": "Auto router",
  "auto-beta-router": "Auto router (beta)",
  moderation: "Moderation",
  web: "Web search",
  "web-fetch": "Web fetch",
  "file-parser": "File parser",
  "response-healing": "Response healing",
  "context-compression": "Context compression",
  "pareto-router": "Pareto router",
  fusion: "Fusion",
};

function RouterFields({ base }: { base: string }) {
  return (
    <>
      <ChipsField name={`${base}.allowed_models`} label="Allowed models" hint="Patterns; wildcards allowed (anthropic/*)." itemLabel="model pattern" />
      <FieldGrid>
        <NumberField
          name={`${base}.cost_quality_tradeoff`}
          label="Cost/quality trade-off"
          hint={`0 (pure quality) to ${LIMITS.costQualityTradeoffMax} (cheapest); default ${DEFAULTS.costQualityTradeoff}`}
          min={0}
          max={LIMITS.costQualityTradeoffMax}
          step={1}
        />
      </FieldGrid>
    </>
  );
}

function WebFields({ base }: { base: string }) {
  const engine = useWatch<FieldValues>({ name: `${base}.engine` }) as unknown;
  const cap = engine === "perplexity" ? LIMITS.webMaxResultsPerplexity : LIMITS.webMaxResults;
  return (
    <>
      <DeprecatedHint name={`${base}.id`} when={() => true}>
        The web plugin is replaced by the <code>{WEB_SEARCH_TOOL_TYPE}</code> server tool (Tools).
      </DeprecatedHint>
      <FieldGrid>
        <SelectField name={`${base}.engine`} label="Engine" options={WEB_SEARCH_ENGINES} unsetLabel="Automatic" />
        <NumberField name={`${base}.max_results`} label="Max results" hint={`1 to ${cap}; default ${DEFAULTS.webMaxResults}`} min={1} max={cap} step={1} />
        <NumberField name={`${base}.max_uses`} label="Max uses" hint="Integer, at least 1" min={1} step={1} />
      </FieldGrid>
      <TextAreaField name={`${base}.search_prompt`} label="Search prompt" rows={2} />
      <div className="grid gap-4 lg:grid-cols-2">
        <ChipsField name={`${base}.include_domains`} label="Include domains" hint="Wildcards such as *.example allowed." itemLabel="domain" />
        <ChipsField name={`${base}.exclude_domains`} label="Exclude domains" itemLabel="domain" />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">User location</legend>
        <FieldGrid>
          <SelectField name={`${base}.user_location.type`} label="Type" options={["approximate"]} unsetLabel="Not set" />
          <TextField name={`${base}.user_location.city`} label="City" />
          <TextField name={`${base}.user_location.region`} label="Region" />
          <TextField name={`${base}.user_location.country`} label="Country" />
          <TextField name={`${base}.user_location.timezone`} label="Time zone" placeholder="Europe/Berlin" />
        </FieldGrid>
      </fieldset>
    </>
  );
}

function WebFetchFields({ base }: { base: string }) {
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChipsField name={`${base}.allowed_domains`} label="Allowed domains" itemLabel="domain" />
        <ChipsField name={`${base}.blocked_domains`} label="Blocked domains" itemLabel="domain" />
      </div>
      <FieldGrid>
        <NumberField name={`${base}.max_content_tokens`} label="Max content tokens" hint="Content beyond is truncated" min={1} step={1} />
        <NumberField name={`${base}.max_uses`} label="Max uses" hint="After it, the tool returns an error" min={1} step={1} />
      </FieldGrid>
    </>
  );
}

function FusionFields({ base }: { base: string }) {
  return (
    <>
      <ChipsField
        name={`${base}.analysis_models`}
        label="Analysis models"
        hint={`1 to ${LIMITS.fusionAnalysisModelsMax}; they take precedence over the preset.`}
        max={LIMITS.fusionAnalysisModelsMax}
        itemLabel="model"
      />
      <FieldGrid>
        <TextField name={`${base}.model`} label="Model" />
        <SelectField name={`${base}.preset`} label="Preset" options={FUSION_PRESETS} unsetLabel="Not set" />
        <NumberField
          name={`${base}.max_tool_calls`}
          label="Max tool calls"
          hint={`1 to ${LIMITS.fusionMaxToolCallsMax}; default ${DEFAULTS.fusionMaxToolCalls}`}
          min={1}
          max={LIMITS.fusionMaxToolCallsMax}
          step={1}
        />
      </FieldGrid>
      <JsonValueField
        name={`${base}.tools`}
        kind="array"
        label="Tools"
        hint={`At most ${LIMITS.fusionToolsMax} of {"type", "parameters"}; empty disables tools, absent uses web search and web fetch.`}
      />
    </>
  );
}

function PluginFields({ id, base }: { id: string; base: string }) {
  switch (id) {
    case "auto-router":
    case "auto-beta-router":
      return <RouterFields base={base} />;
    case "web":
      return <WebFields base={base} />;
    case "web-fetch":
      return <WebFetchFields base={base} />;
    case "file-parser":
      return (
        <FieldGrid>
          <SelectField name={`${base}.pdf.engine`} label="PDF engine" options={PDF_ENGINES} />
        </FieldGrid>
      );
    case "context-compression":
      return (
        <FieldGrid>
          <SelectField name={`${base}.engine`} label="Engine" options={["middle-out"]} />
        </FieldGrid>
      );
    case "pareto-router":
      return (
        <FieldGrid>
          <NumberField
            name={`${base}.min_coding_score`}
            label="Minimum coding score"
            hint="0 to 1: ≥ 0.66 high tier, ≥ 0.33 medium, lower is low; empty means highest"
            min={0}
            max={1}
            step={0.01}
          />
          <SelectField name={`${base}.price_source`} label="Price source" options={["prompt", "weighted_avg"]} unsetLabel="Not set (prompt)" />
        </FieldGrid>
      );
    case "fusion":
      return <FusionFields base={base} />;
    default:
      return <p className="text-sm text-slate-600 dark:text-slate-400">No settings.</p>;
  }
}

export function PluginsSection() {
  const { control } = useFormContext<FieldValues>();
  const readOnly = useReadOnly();
  const { fields, append, remove } = useFieldArray<FieldValues, "plugins", "fieldKey">({
    control,
    name: "plugins",
    // Plugins carry their own `id`; the array's React keys must not shadow it.
    keyName: "fieldKey",
  });
  const plugins = (useWatch<FieldValues>({ name: "plugins" }) as { id?: unknown }[] | undefined) ?? [];
  const used = new Set(plugins.map((plugin) => String(plugin?.id)));
  const available = PLUGIN_IDS.filter((id) => !used.has(id));
  const [choice, setChoice] = useState<string>("");
  const selected = available.includes(choice as (typeof PLUGIN_IDS)[number]) ? choice : (available[0] ?? "");
  const error = useFieldError("plugins");

  return (
    <EditorSection id="plugins" description="Gateway plugins applied to every call of this preset.">
      {fields.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No plugins.</p> : null}
      {fields.map((field, index) => {
        const id = String(plugins[index]?.id ?? "");
        const base = `plugins.${index}`;
        return (
          <SubCard
            key={field.fieldKey}
            title={
              <>
                {PLUGIN_TITLES[id] ?? "Plugin"} <code className="font-mono text-xs">{id}</code>
              </>
            }
            actions={
              readOnly ? null : (
                <Button size="sm" variant="ghost" onClick={() => remove(index)} aria-label={`Remove plugin ${id}`}>
                  Remove
                </Button>
              )
            }
          >
            {id !== "moderation" ? <EnabledCheckbox name={`${base}.enabled`} /> : null}
            <PluginFields id={id} base={base} />
          </SubCard>
        );
      })}
      <FieldMessages error={error} />
      {!readOnly && available.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="sr-only">Plugin to add</span>
            <Select value={selected} onChange={(event) => setChoice(event.target.value)} className="w-auto">
              <SelectOptions values={available} label={(id) => `${PLUGIN_TITLES[id]} (${id})`} />
            </Select>
          </label>
          <Button onClick={() => selected && append({ id: selected })}>Add plugin</Button>
        </div>
      ) : null}
    </EditorSection>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormContext, useWatch, type FieldValues } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, FieldMessages } from "@/components/ui/field";
import { Select } from "@/components/ui/input";
import { SkippedNote } from "@/components/ui/skipped-note";
import { modelsSkippedQuery, modelSuggestionsQuery } from "@/lib/client/queries/presets";
import { LIMITS, REASONING_EFFORTS } from "@/lib/contract/gateway/request-constants";
import { systemPromptOf } from "@/lib/presets/extract-config";
import {
  ChipsField,
  DeprecatedHint,
  FieldGrid,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
  TriStateField,
  useFieldError,
  useReadOnly,
} from "../fields";
import { PairsField } from "../pairs-field";
import { EditorSection } from "../section";

const MODEL_LIST_ID = "preset-model-suggestions";

export function ModelSection() {
  const models = useQuery(modelSuggestionsQuery());
  const ids = models.data?.map((model) => model.id) ?? [];
  const skipped = useQuery(modelsSkippedQuery()).data;
  return (
    <EditorSection id="model" description="The model the preset calls, and the models to fall back to, in order.">
      <datalist id={MODEL_LIST_ID}>
        {ids.map((id) => (
          <option key={id} value={id} />
        ))}
      </datalist>
      <FieldGrid className="lg:grid-cols-2">
        <div className="space-y-1">
          <TextField name="model" label="Model" placeholder="provider/model-name" list={MODEL_LIST_ID} />
          <SkippedNote count={skipped} noun="model" suffix=" among the suggestions" />
          <DeprecatedHint name="model" when={(value) => typeof value === "string" && value.endsWith(":online")}>
            The <code>:online</code> suffix enables web search; use the <code>openrouter:web_search</code> server tool (Tools) instead.
          </DeprecatedHint>
        </div>
        <div className="space-y-1">
          <SelectField
            name="route"
            label="Route"
            unsetLabel="Not set"
            options={[
              { value: "fallback", label: "fallback" },
              { value: "sort", label: "sort" },
            ]}
          />
          <DeprecatedHint name="route">
            Replaced by provider sort partition (Routing): <code>fallback</code> maps to partition <code>model</code>, <code>sort</code> to{" "}
            <code>none</code>.
          </DeprecatedHint>
        </div>
      </FieldGrid>
      <ChipsField
        name="models"
        label="Fallback models"
        hint="Tried in this order when the model above is unavailable."
        sortable
        itemLabel="model"
        suggestions={ids}
      />
    </EditorSection>
  );
}

type Message = { role?: unknown; content?: unknown };

function messagesShape(messages: unknown): { simple: boolean; list: Message[] } {
  const list = Array.isArray(messages) ? (messages as Message[]) : [];
  const simple = list.length === 1 && list[0]?.role === "system" && typeof list[0]?.content === "string";
  // A copy: the form changes its values in place, and what is compared with the next change must not change with it.
  return simple ? { simple, list: [] } : { simple, list: structuredClone(list) };
}

export function SystemPromptSection() {
  const { setValue } = useFormContext<FieldValues>();
  const readOnly = useReadOnly();
  // While the request holds one system message its text is the textarea's own business: typing the prompt does
  // not render the section again, only a change of shape does.
  const { simple, list } = useWatch<FieldValues>({ name: "messages", compute: messagesShape }) as ReturnType<typeof messagesShape>;
  const error = useFieldError("messages");

  return (
    <EditorSection
      id="system-prompt"
      description="Stored with the preset as its system_prompt: the text of the request's system messages."
    >
      {simple ? (
        <TextAreaField name="messages.0.content" label="System prompt" rows={8} placeholder="You are a helpful assistant…" emptyValue="" />
      ) : (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950/40">
          <p>
            The request holds {list.length} {list.length === 1 ? "message" : "messages"} (edited in the JSON view). The gateway stores only the text of
            the system messages:
          </p>
          <pre tabIndex={0} aria-label="System prompt from the messages" className="max-h-40 overflow-auto whitespace-pre-wrap rounded bg-white p-2 font-mono text-xs dark:bg-slate-900">
            {systemPromptOf(list as never) || "(empty)"}
          </pre>
          {!readOnly ? (
            <Button
              size="sm"
              onClick={() =>
                setValue("messages", [{ role: "system", content: systemPromptOf(list as never) }], { shouldDirty: true, shouldValidate: true })
              }
            >
              Replace with one system message
            </Button>
          ) : null}
        </div>
      )}
      <FieldMessages error={error} />
    </EditorSection>
  );
}

export function SamplingSection() {
  return (
    <EditorSection id="sampling" description="Leave a field empty to use the model's default.">
      <FieldGrid>
        <NumberField name="temperature" label="Temperature" hint="0 to 2" min={0} max={2} step={0.1} />
        <NumberField name="top_p" label="Top p" hint="0 to 1" min={0} max={1} step={0.05} />
        <NumberField name="top_k" label="Top k" hint="Integer" step={1} />
        <NumberField name="top_a" label="Top a" />
        <NumberField name="min_p" label="Min p" />
        <NumberField name="seed" label="Seed" hint="Integer" step={1} />
        <NumberField name="frequency_penalty" label="Frequency penalty" hint="-2 to 2" min={-2} max={2} step={0.1} />
        <NumberField name="presence_penalty" label="Presence penalty" hint="-2 to 2" min={-2} max={2} step={0.1} />
        <NumberField name="repetition_penalty" label="Repetition penalty" hint="1 means no penalty" step={0.05} />
        <NumberField name="max_completion_tokens" label="Max completion tokens" hint="Integer" step={1} />
        <div className="space-y-1">
          <NumberField name="max_tokens" label="Max tokens" step={1} />
          <DeprecatedHint name="max_tokens">
            Use <code>max_completion_tokens</code>. Some providers enforce a minimum of 16.
          </DeprecatedHint>
        </div>
        <TriStateField name="logprobs" label="Log probabilities" />
        <NumberField name="top_logprobs" label="Top logprobs" hint={`0 to ${LIMITS.topLogprobsMax}`} min={0} max={LIMITS.topLogprobsMax} step={1} />
      </FieldGrid>
      <ChipsField
        name="stop"
        label="Stop sequences"
        hint={`Up to ${LIMITS.stopSequences}; generation stops at any of them.`}
        max={LIMITS.stopSequences}
        itemLabel="stop sequence"
      />
      <PairsField
        name="logit_bias"
        label="Logit bias"
        kind="number"
        keyPlaceholder="token id"
        valuePlaceholder="bias, e.g. -100 to 100"
        hint="Maps a token id to a bias added to its logit."
      />
    </EditorSection>
  );
}

const EFFORT_OPTIONS = REASONING_EFFORTS.map((value) => ({ value }));

/** reasoning.effort and reasoning_effort mean the same; the contract refuses them differing. */
function EffortSelect({ name, other, label, hint }: { name: string; other: string; label: string; hint: string }) {
  const { register, getValues, setValue } = useFormContext<FieldValues>();
  const error = useFieldError(name);
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <Select
          {...control}
          {...register(name, {
            setValueAs: (value: unknown) => (value === "" ? undefined : value),
            onChange: (event: { target: { value: string } }) => {
              const value = event.target.value;
              const current = getValues(other) as unknown;
              if (value !== "" && typeof current === "string" && current !== value) {
                setValue(other, value, { shouldDirty: true, shouldValidate: true, shouldTouch: true });
              }
            },
          })}
        >
          <option value="">Not set</option>
          {EFFORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.value}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

export function ReasoningSection() {
  return (
    <EditorSection id="reasoning" description="How much the model thinks before answering, for models that reason.">
      <FieldGrid>
        <EffortSelect name="reasoning.effort" other="reasoning_effort" label="Effort (reasoning.effort)" hint="Kept equal to reasoning_effort when both are set." />
        <SelectField name="reasoning.summary" label="Summary (reasoning.summary)" options={["auto", "concise", "detailed"]} unsetLabel="Not set" />
        <EffortSelect name="reasoning_effort" other="reasoning.effort" label="reasoning_effort (shorthand)" hint="Same values; must equal reasoning.effort." />
      </FieldGrid>
    </EditorSection>
  );
}

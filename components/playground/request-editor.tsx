"use client";

import { useId } from "react";
import type { Model } from "@/lib/contract/gateway";
import { presetModel } from "@/lib/presets/preset-model";
import { firstIssueMessage, readConversation, readModel, TURN_ROLES, writeConversation, writeModel, type Turn, type TurnRole } from "@/lib/playground/setup";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field, FieldMessages } from "@/components/ui/field";
import { Input, Select, SelectOptions, Textarea } from "@/components/ui/input";
import { CountInput } from "./count-input";
import { SectionTitle, type SectionProps } from "./section-parts";

export type { SectionProps } from "./section-parts";
export { SearchSection } from "./search-section";

// ---------------------------------------------------------------------------------------------

export function ModelField({
  request,
  onChange,
  issues,
  disabled,
  models,
  presets,
}: SectionProps & { models: readonly Model[]; presets: readonly { slug: string; name: string }[] }) {
  const listId = useId();
  return (
    <Field
      label="Model or preset"
      hint={<>A model id, or a preset as @preset/&lt;slug&gt;.</>}
      error={firstIssueMessage(issues, "model") ?? firstIssueMessage(issues, "preset")}
    >
      {(control) => (
        <>
          <Input
            {...control}
            list={listId}
            value={readModel(request)}
            disabled={disabled}
            placeholder="gatehouse/swift or @preset/support"
            autoComplete="off"
            spellCheck={false}
            data-testid="model-input"
            onChange={(event) => onChange(writeModel(request, event.target.value.trim()))}
          />
          <datalist id={listId}>
            {models.map((model) => (
              <option key={model.id} value={model.id}>
                {model.name}
              </option>
            ))}
            {presets.map((preset) => (
              <option key={preset.slug} value={presetModel(preset.slug)}>
                {`Preset: ${preset.name}`}
              </option>
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}

// ---------------------------------------------------------------------------------------------

export function ConversationSection({ request, onChange, issues, disabled }: SectionProps) {
  const turns = readConversation(request);
  const update = (next: Turn[]) => onChange(writeConversation(request, next));
  const inputIssue = issues.find((issue) => issue.path === "input");
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <SectionTitle>Conversation</SectionTitle>
      {turns.map((turn, index) => (
        <div key={index} className="space-y-1 rounded-md border border-slate-200 p-2 dark:border-slate-800">
          <div className="flex items-center gap-2">
            <Select
              aria-label={`Role of turn ${index + 1}`}
              className="!w-36 py-1 text-xs"
              value={turn.role}
              onChange={(event) => update(turns.map((t, i) => (i === index ? { ...t, role: event.target.value as TurnRole } : t)))}
            >
              <SelectOptions values={TURN_ROLES} />
            </Select>
            {turn.annotations && turn.annotations.length > 0 ? <Badge>{turn.annotations.length} citations kept</Badge> : null}
            <Button
              size="sm"
              variant="ghost"
              className="ml-auto"
              aria-label={`Remove turn ${index + 1}`}
              disabled={disabled || turns.length === 1}
              onClick={() => update(turns.filter((_, i) => i !== index))}
            >
              Remove
            </Button>
          </div>
          <Textarea
            aria-label={`Text of turn ${index + 1} (${turn.role})`}
            aria-invalid={Boolean(firstIssueMessage(issues, `input[${index}]`))}
            rows={turn.role === "assistant" ? 4 : 3}
            value={turn.text}
            data-testid={`turn-${index}`}
            onChange={(event) =>
              // Editing an answer's text invalidates its citation offsets: drop them.
              update(turns.map((t, i) => (i === index ? { role: t.role, text: event.target.value } : t)))
            }
          />
          <FieldMessages error={firstIssueMessage(issues, `input[${index}]`)} />
        </div>
      ))}
      <FieldMessages error={inputIssue?.message} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => update([...turns, { role: turns.at(-1)?.role === "user" ? "assistant" : "user", text: "" }])}>
          Add turn
        </Button>
      </div>
    </fieldset>
  );
}

// ---------------------------------------------------------------------------------------------

export function OutputSection({ request, onChange, issues, disabled }: SectionProps) {
  return (
    <Field label="Max output tokens" hint="Leave empty for the model's default." error={firstIssueMessage(issues, "max_output_tokens")}>
      {(control) => (
        <CountInput
          {...control}
          disabled={disabled}
          value={typeof request.max_output_tokens === "number" ? request.max_output_tokens : undefined}
          onValueChange={(value) => {
            const next = { ...request };
            if (value === undefined) delete next.max_output_tokens;
            else next.max_output_tokens = value;
            onChange(next);
          }}
        />
      )}
    </Field>
  );
}

"use client";

import { memo, useState } from "react";
import { useFieldArray, useFormContext, useWatch, type FieldValues } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, FieldMessages } from "@/components/ui/field";
import { Select, SelectOptions } from "@/components/ui/input";
import { KNOWN_TOOL_TYPES, LIMITS, ServerToolSchema, WEB_SEARCH_TOOL_TYPE } from "@/lib/contract/gateway";
import { FieldGrid, TextAreaField, TextField, TriStateField, useFieldError, useReadOnly } from "../fields";
import { JsonValueField } from "../json-value-field";
import { EditorSection, SubCard } from "../section";

/** Every server tool type the contract knows, read from the shared schema. */
const SERVER_TOOL_TYPES: string[] = ServerToolSchema.options.flatMap((option) => [...(option.shape.type._zod.values ?? [])].map(String));

type ToolValue = { type?: unknown; function?: { name?: unknown } };

function FunctionToolFields({ index }: { index: number }) {
  const base = `tools.${index}.function`;
  return (
    <>
      <FieldGrid className="lg:grid-cols-2">
        <TextField name={`${base}.name`} label="Name" hint={`Letters, digits, _ and -, at most ${LIMITS.functionNameLength}`} />
        <TriStateField name={`${base}.strict`} label="Strict" hint="Arguments must match the schema exactly." />
      </FieldGrid>
      <TextAreaField name={`${base}.description`} label="Description" rows={2} />
      <JsonValueField name={`${base}.parameters`} label="Parameters (JSON Schema)" hint="An object schema describing the arguments." />
    </>
  );
}

function ServerToolFields({ index, type }: { index: number; type: string }) {
  if (!KNOWN_TOOL_TYPES.includes(type)) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="unknown-tool">
        <code>{type}</code> is a kind of tool this editor does not know. It is saved back exactly as it is; edit it in the JSON view.
      </p>
    );
  }
  if (!type.startsWith("openrouter:")) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        <code>{type}</code> is a shorthand the gateway converts to <code>{WEB_SEARCH_TOOL_TYPE}</code>; its options sit beside <code>type</code> and
        are edited in the JSON view.
      </p>
    );
  }
  return <JsonValueField name={`tools.${index}.parameters`} label="Parameters" hint="Options of this server tool, as a JSON object." />;
}

/** What tool_choice can name: the function tools' names and the server tools' types. */
function choicesOf(value: unknown): { functionNames: string[]; serverTypes: string[] } {
  const tools = Array.isArray(value) ? (value as (ToolValue | undefined)[]) : [];
  return {
    functionNames: tools.filter((tool) => tool?.type === "function" && typeof tool.function?.name === "string").map((tool) => String(tool?.function?.name)),
    serverTypes: tools.filter((tool) => typeof tool?.type === "string" && tool.type !== "function").map((tool) => String(tool?.type)),
  };
}

function ToolChoiceField() {
  const { setValue } = useFormContext<FieldValues>();
  const toolChoice = useWatch<FieldValues>({ name: "tool_choice" }) as unknown;
  // Only the tools' names and types: typing a tool's description or schema does not render the choice again.
  const { functionNames, serverTypes } = useWatch<FieldValues>({ name: "tools", compute: choicesOf }) as ReturnType<typeof choicesOf>;
  const error = useFieldError("tool_choice");

  let current = "";
  if (typeof toolChoice === "string") current = toolChoice;
  else if (toolChoice && typeof toolChoice === "object") {
    const choice = toolChoice as ToolValue;
    current = choice.type === "function" ? `function:${String(choice.function?.name ?? "")}` : `server:${String(choice.type ?? "")}`;
  }
  const known = ["", "none", "auto", "required", ...functionNames.map((n) => `function:${n}`), ...serverTypes.map((t) => `server:${t}`)];

  function choose(value: string) {
    let next: unknown;
    if (value === "") next = undefined;
    else if (value.startsWith("function:")) next = { type: "function", function: { name: value.slice("function:".length) } };
    else if (value.startsWith("server:")) next = { type: value.slice("server:".length) };
    else next = value;
    setValue("tool_choice", next, { shouldDirty: true, shouldValidate: true, shouldTouch: true });
  }

  return (
    <Field label="Tool choice" hint="Whether and which tool the model must call." error={error}>
      {(control) => (
        <Select {...control} value={current} onChange={(event) => choose(event.target.value)}>
          <option value="">Not set (auto)</option>
          <option value="none">none: never call a tool</option>
          <option value="auto">auto: the model decides</option>
          <option value="required">required: call at least one tool</option>
          {functionNames.map((name) => (
            <option key={`f-${name}`} value={`function:${name}`}>
              Always call function {name}
            </option>
          ))}
          {serverTypes.map((type) => (
            <option key={`s-${type}`} value={`server:${type}`}>
              Always use {type}
            </option>
          ))}
          {!known.includes(current) ? <option value={current}>{current} (not among the tools)</option> : null}
        </Select>
      )}
    </Field>
  );
}

interface ToolCardProps {
  index: number;
  last: boolean;
  readOnly: boolean;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}

/**
 * One tool. Memoised, and it watches only its own type and name: a keystroke in one tool renders that tool's
 * field, not every tool with its JSON editors.
 */
const ToolCard = memo(function ToolCard({ index, last, readOnly, move, remove }: ToolCardProps) {
  const type = useWatch<FieldValues>({ name: `tools.${index}.type` }) as unknown;
  const functionName = useWatch<FieldValues>({ name: `tools.${index}.function.name` }) as unknown;
  const isFunction = type === "function";
  const name = isFunction ? String(functionName ?? "") : String(type ?? "");
  return (
    <SubCard
      title={
        <>
          {isFunction ? "Function" : "Server tool"} <code className="font-mono text-xs">{name || "(unnamed)"}</code>
        </>
      }
      actions={
        readOnly ? null : (
          <>
            <Button size="sm" variant="ghost" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`Move tool ${index + 1} up`}>
              ↑
            </Button>
            <Button size="sm" variant="ghost" disabled={last} onClick={() => move(index, index + 1)} aria-label={`Move tool ${index + 1} down`}>
              ↓
            </Button>
            <Button size="sm" variant="ghost" onClick={() => remove(index)} aria-label={`Remove tool ${index + 1}`}>
              Remove
            </Button>
          </>
        )
      }
    >
      {isFunction ? <FunctionToolFields index={index} /> : <ServerToolFields index={index} type={name} />}
    </SubCard>
  );
});

export function ToolsSection() {
  const { control } = useFormContext<FieldValues>();
  const readOnly = useReadOnly();
  const { fields, append, remove, move } = useFieldArray<FieldValues>({ control, name: "tools" });
  const [serverType, setServerType] = useState(WEB_SEARCH_TOOL_TYPE);
  const error = useFieldError("tools");

  return (
    <EditorSection id="tools" description="Functions the model may call, and tools the gateway runs itself (server tools).">
      {fields.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No tools.</p> : null}
      {fields.map((field, index) => (
        <ToolCard key={field.id} index={index} last={index === fields.length - 1} readOnly={readOnly} move={move} remove={remove} />
      ))}
      <FieldMessages error={error} />
      {!readOnly ? (
        <div className="flex flex-wrap items-end gap-2">
          <Button
            onClick={() =>
              append({
                type: "function",
                function: { name: `tool_${fields.length + 1}`, description: "", parameters: { type: "object", properties: {} } },
              })
            }
          >
            Add function tool
          </Button>
          <div className="flex items-end gap-2">
            <label className="text-sm">
              <span className="sr-only">Server tool type</span>
              <Select value={serverType} onChange={(event) => setServerType(event.target.value)} className="w-auto">
                <SelectOptions values={SERVER_TOOL_TYPES} />
              </Select>
            </label>
            <Button onClick={() => append({ type: serverType })}>Add server tool</Button>
          </div>
        </div>
      ) : null}
      <FieldGrid className="lg:grid-cols-2">
        <ToolChoiceField />
        <TriStateField name="parallel_tool_calls" label="Parallel tool calls" />
      </FieldGrid>
    </EditorSection>
  );
}

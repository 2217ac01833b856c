"use client";

import { useFormContext, useWatch, type FieldValues } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/input";
import { CheckboxGroupField, FieldGrid, TextAreaField, TextField, TriStateField, useFieldError } from "../fields";
import { JsonValueField } from "../json-value-field";
import { EditorSection } from "../section";

const FORMATS = [
  { value: "text", label: "Text" },
  { value: "json_object", label: "JSON object" },
  { value: "json_schema", label: "JSON matching a schema" },
  { value: "grammar", label: "Grammar" },
  { value: "python", label: "Python" },
] as const;

function starterFormat(type: string): Record<string, unknown> | undefined {
  switch (type) {
    case "":
      return undefined;
    case "json_schema":
      return {
        type,
        json_schema: { name: "response", strict: true, schema: { type: "object", properties: {}, required: [], additionalProperties: false } },
      };
    case "grammar":
      return { type, grammar: "" };
    default:
      return { type };
  }
}

function ResponseFormatType() {
  const { setValue } = useFormContext<FieldValues>();
  const type = useWatch<FieldValues>({ name: "response_format.type" }) as unknown;
  const formatError = useFieldError("response_format");
  const typeError = useFieldError("response_format.type");
  const error = formatError ?? typeError;
  const current = typeof type === "string" ? type : "";
  return (
    <Field label="Response format" error={error} hint="What shape the answer must take.">
      {(control) => (
        <Select
          {...control}
          value={current}
          onChange={(event) => setValue("response_format", starterFormat(event.target.value), { shouldDirty: true, shouldValidate: true, shouldTouch: true })}
        >
          <option value="">Not set (free text)</option>
          {FORMATS.map((format) => (
            <option key={format.value} value={format.value}>
              {format.label}
            </option>
          ))}
          {current !== "" && !FORMATS.some((format) => format.value === current) ? <option value={current}>{current}</option> : null}
        </Select>
      )}
    </Field>
  );
}

export function OutputSection() {
  const type = useWatch<FieldValues>({ name: "response_format.type" }) as unknown;
  return (
    <EditorSection id="output" description="The answer's format and the kinds of output the model may produce.">
      <FieldGrid className="lg:grid-cols-2">
        <ResponseFormatType />
      </FieldGrid>
      {type === "json_schema" ? (
        <div className="space-y-4 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <FieldGrid>
            <TextField name="response_format.json_schema.name" label="Schema name" hint="Letters, digits, _ and -, at most 64" />
            <TextField name="response_format.json_schema.description" label="Description" />
            <TriStateField name="response_format.json_schema.strict" label="Strict" />
          </FieldGrid>
          <JsonValueField name="response_format.json_schema.schema" label="JSON Schema" hint="The answer must validate against this schema." />
        </div>
      ) : null}
      {type === "grammar" ? <TextAreaField name="response_format.grammar" label="Grammar" rows={6} /> : null}
      <CheckboxGroupField name="modalities" label="Output modalities" options={["text", "image", "audio"]} hint="Leave all unchecked for the default (text)." />
    </EditorSection>
  );
}

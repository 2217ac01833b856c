"use client";

import { useFormContext, type FieldValues } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input, Select, Textarea } from "@/components/ui/input";
import { emptyToUndefined, toNumber, toText, toTriState } from "@/lib/presets/field-coercion";
import { useFieldError } from "./use-field-error";

/* Native inputs registered with the editor's form by field path (see fields.tsx). */

export interface BaseFieldProps {
  name: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  className?: string;
}

export function NumberField({ name, label, hint, min, max, step, className }: BaseFieldProps & { min?: number; max?: number; step?: number | "any" }) {
  const { register } = useFormContext<FieldValues>();
  const error = useFieldError(name);
  return (
    <div className={className}>
      <Field label={label} hint={hint} error={error}>
        {(control) => (
          <Input type="number" inputMode="decimal" min={min} max={max} step={step ?? "any"} {...control} {...register(name, { setValueAs: toNumber })} />
        )}
      </Field>
    </div>
  );
}

export function TextField({
  name,
  label,
  hint,
  className,
  placeholder,
  list,
  emptyValue,
}: BaseFieldProps & { placeholder?: string; list?: string; emptyValue?: "" }) {
  const { register } = useFormContext<FieldValues>();
  const error = useFieldError(name);
  return (
    <div className={className}>
      <Field label={label} hint={hint} error={error}>
        {(control) => (
          <Input
            placeholder={placeholder}
            list={list}
            autoComplete="off"
            {...control}
            {...register(name, { setValueAs: (value: unknown) => toText(value, emptyValue) })}
          />
        )}
      </Field>
    </div>
  );
}

export function TextAreaField({
  name,
  label,
  hint,
  className,
  rows = 6,
  placeholder,
  emptyValue,
}: BaseFieldProps & { rows?: number; placeholder?: string; emptyValue?: "" }) {
  const { register } = useFormContext<FieldValues>();
  const error = useFieldError(name);
  return (
    <div className={className}>
      <Field label={label} hint={hint} error={error}>
        {(control) => (
          <Textarea
            rows={rows}
            placeholder={placeholder}
            {...control}
            {...register(name, { setValueAs: (value: unknown) => toText(value, emptyValue) })}
          />
        )}
      </Field>
    </div>
  );
}

export interface Option {
  value: string;
  label?: string;
}

export function SelectField({
  name,
  label,
  hint,
  className,
  options,
  unsetLabel = "Not set (gateway default)",
}: BaseFieldProps & { options: readonly (string | Option)[]; unsetLabel?: string }) {
  const { register } = useFormContext<FieldValues>();
  const error = useFieldError(name);
  return (
    <div className={className}>
      <Field label={label} hint={hint} error={error}>
        {(control) => (
          <Select {...control} {...register(name, { setValueAs: emptyToUndefined })}>
            <option value="">{unsetLabel}</option>
            {options.map((option) => {
              const { value, label: text } = typeof option === "string" ? { value: option, label: option } : option;
              return (
                <option key={value} value={value}>
                  {text ?? value}
                </option>
              );
            })}
          </Select>
        )}
      </Field>
    </div>
  );
}

/** A boolean that may also be left unset (the gateway's default applies). */
export function TriStateField({ name, label, hint, className, defaultLabel }: BaseFieldProps & { defaultLabel?: string }) {
  const { register } = useFormContext<FieldValues>();
  const error = useFieldError(name);
  return (
    <div className={className}>
      <Field label={label} hint={hint} error={error}>
        {(control) => (
          <Select {...control} {...register(name, { setValueAs: toTriState })}>
            <option value="">{defaultLabel ?? "Not set (gateway default)"}</option>
            <option value="true">Yes</option>
            <option value="false">No</option>
          </Select>
        )}
      </Field>
    </div>
  );
}

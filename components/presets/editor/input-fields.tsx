"use client";

import { useFormContext, type FieldValues, type UseFormRegisterReturn } from "react-hook-form";
import { Field, type FieldControlProps } from "@/components/ui/field";
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

/**
 * What every native field shares: the label, hint and error around one control, registered at `name`
 * with the coercion that turns the control's string into the request's value.
 */
function RegisteredField({
  name,
  label,
  hint,
  className,
  setValueAs,
  children,
}: BaseFieldProps & {
  setValueAs: (value: unknown) => unknown;
  children: (control: FieldControlProps & UseFormRegisterReturn) => React.ReactNode;
}) {
  const { register } = useFormContext<FieldValues>();
  const error = useFieldError(name);
  return (
    <div className={className}>
      <Field label={label} hint={hint} error={error}>
        {(control) => children({ ...control, ...register(name, { setValueAs }) })}
      </Field>
    </div>
  );
}

export function NumberField({ min, max, step, ...field }: BaseFieldProps & { min?: number; max?: number; step?: number | "any" }) {
  return (
    <RegisteredField {...field} setValueAs={toNumber}>
      {(control) => <Input type="number" inputMode="decimal" min={min} max={max} step={step ?? "any"} {...control} />}
    </RegisteredField>
  );
}

export function TextField({ placeholder, list, emptyValue, ...field }: BaseFieldProps & { placeholder?: string; list?: string; emptyValue?: "" }) {
  return (
    <RegisteredField {...field} setValueAs={(value) => toText(value, emptyValue)}>
      {(control) => <Input placeholder={placeholder} list={list} autoComplete="off" {...control} />}
    </RegisteredField>
  );
}

export function TextAreaField({ rows = 6, placeholder, emptyValue, ...field }: BaseFieldProps & { rows?: number; placeholder?: string; emptyValue?: "" }) {
  return (
    <RegisteredField {...field} setValueAs={(value) => toText(value, emptyValue)}>
      {(control) => <Textarea rows={rows} placeholder={placeholder} {...control} />}
    </RegisteredField>
  );
}

export interface Option {
  value: string;
  label?: string;
}

const UNSET_LABEL = "Not set (gateway default)";

export function SelectField({ options, unsetLabel = UNSET_LABEL, ...field }: BaseFieldProps & { options: readonly (string | Option)[]; unsetLabel?: string }) {
  return (
    <RegisteredField {...field} setValueAs={emptyToUndefined}>
      {(control) => (
        <Select {...control}>
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
    </RegisteredField>
  );
}

/** A boolean that may also be left unset (the gateway's default applies). */
export function TriStateField({ defaultLabel = UNSET_LABEL, ...field }: BaseFieldProps & { defaultLabel?: string }) {
  return (
    <RegisteredField {...field} setValueAs={toTriState}>
      {(control) => (
        <Select {...control}>
          <option value="">{defaultLabel}</option>
          <option value="true">Yes</option>
          <option value="false">No</option>
        </Select>
      )}
    </RegisteredField>
  );
}

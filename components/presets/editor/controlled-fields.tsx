"use client";

import { clsx } from "clsx";
import { Controller, useFormContext, type FieldValues } from "react-hook-form";
import { ChipsInput } from "@/components/ui/chips-input";
import { Field, FieldMessages } from "@/components/ui/field";
import { chipValues, toggleOption } from "@/lib/presets/field-coercion";
import type { BaseFieldProps } from "./input-fields";
import { useFieldError } from "./use-field-error";
import { useReadOnly } from "./use-read-only";

/* Controls that hold a value a native input cannot (booleans defaulting to true, lists), via <Controller>. */

/** A checkbox for a boolean whose absence means true (a plugin's `enabled`). */
export function EnabledCheckbox({ name, label = "Enabled" }: { name: string; label?: string }) {
  const { control } = useFormContext<FieldValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-600"
            checked={field.value !== false}
            onChange={(event) => field.onChange(event.target.checked ? undefined : false)}
            onBlur={field.onBlur}
            ref={field.ref}
          />
          {label}
        </label>
      )}
    />
  );
}

/** A list of strings as chips. `stop` may hold a single string; it is shown as one chip. */
export function ChipsField({
  name,
  label,
  hint,
  className,
  ...chipsOptions
}: BaseFieldProps & Pick<React.ComponentProps<typeof ChipsInput>, "max" | "sortable" | "itemLabel" | "suggestions">) {
  const { control } = useFormContext<FieldValues>();
  const readOnly = useReadOnly();
  const error = useFieldError(name);
  return (
    <div className={className}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const value = chipValues(field.value);
          return (
            <Field label={label} hint={hint} error={error}>
              {(controlProps) => (
                <ChipsInput
                  {...controlProps}
                  {...chipsOptions}
                  value={value}
                  disabled={readOnly}
                  onChange={(next) => {
                    field.onChange(next.length === 0 ? undefined : next);
                    // Chips are "touched" as soon as one is added, so a limit shows at once.
                    field.onBlur();
                  }}
                  onBlur={field.onBlur}
                />
              )}
            </Field>
          );
        }}
      />
    </div>
  );
}

/** A group of checkboxes writing an array of the checked values (modalities, quantizations). */
export function CheckboxGroupField({ name, label, hint, options, className }: BaseFieldProps & { options: readonly string[] }) {
  const { control } = useFormContext<FieldValues>();
  const error = useFieldError(name);
  return (
    <fieldset className={clsx("space-y-1", className)}>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{label}</legend>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const value: unknown[] = Array.isArray(field.value) ? field.value : [];
          return (
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {options.map((option) => (
                <label key={option} className="inline-flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-600"
                    checked={value.includes(option)}
                    onChange={(event) => {
                      field.onChange(toggleOption(options, value, option, event.target.checked));
                      field.onBlur();
                    }}
                  />
                  <span className="font-mono text-xs">{option}</span>
                </label>
              ))}
            </div>
          );
        }}
      />
      <FieldMessages hint={hint} error={error} />
    </fieldset>
  );
}

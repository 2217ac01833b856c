"use client";

import { clsx } from "clsx";
import { createContext, useContext } from "react";
import { Controller, get, useFormContext, useFormState, useWatch, type FieldValues } from "react-hook-form";
import { ChipsInput } from "@/components/ui/chips-input";
import { Field } from "@/components/ui/field";
import { Input, Select, Textarea } from "@/components/ui/input";

/*
 * Form controls bound to the editor's react-hook-form by field path. Paths are strings because the
 * request has unions (plugins, tools) whose members a typed Path cannot reach; the schema resolver is
 * what keeps them honest.
 */

/** True for viewers: native controls are disabled by a <fieldset>, custom ones read this. */
export const ReadOnlyContext = createContext(false);
export const useReadOnly = () => useContext(ReadOnlyContext);

export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState<FieldValues>({ name });
  const error = get(errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === "string" ? error.message : undefined;
}

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

function toNumber(value: unknown): unknown {
  if (value === "" || value === null || value === undefined) return undefined;
  if (typeof value === "number") return value;
  const number = Number(value);
  return Number.isNaN(number) ? value : number;
}

function toTriState(value: unknown): unknown {
  if (value === "true" || value === true) return true;
  if (value === "false" || value === false) return false;
  if (value === "null") return null;
  return undefined;
}

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
            {...register(name, { setValueAs: (value: unknown) => (emptyValue === "" ? (value ?? "") : emptyToUndefined(value)) })}
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
            {...register(name, { setValueAs: (value: unknown) => (emptyValue === "" ? (value ?? "") : emptyToUndefined(value)) })}
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
  max,
  sortable,
  itemLabel,
  suggestions,
}: BaseFieldProps & { max?: number; sortable?: boolean; itemLabel?: string; suggestions?: readonly string[] }) {
  const { control } = useFormContext<FieldValues>();
  const readOnly = useReadOnly();
  const error = useFieldError(name);
  return (
    <div className={className}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const value: string[] = Array.isArray(field.value)
            ? (field.value as unknown[]).map(String)
            : typeof field.value === "string"
              ? [field.value]
              : [];
          return (
            <Field label={label} hint={hint} error={error}>
              {(controlProps) => (
                <ChipsInput
                  {...controlProps}
                  value={value}
                  max={max}
                  sortable={sortable}
                  itemLabel={itemLabel}
                  suggestions={suggestions}
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
                      const next = event.target.checked ? [...value, option] : value.filter((item) => item !== option);
                      field.onChange(next.length === 0 ? undefined : options.filter((o) => next.includes(o)));
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
      {hint ? <p className="text-xs text-slate-600 dark:text-slate-400">{hint}</p> : null}
      {error ? (
        <p role="alert" className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A hint naming the replacement of a deprecated field, shown only while the field is in use. */
export function DeprecatedHint({ name, when, children }: { name: string; when?: (value: unknown) => boolean; children: React.ReactNode }) {
  const value = useWatch<FieldValues>({ name });
  const active = when ? when(value) : value !== undefined && value !== null && value !== "";
  return (
    <p className={clsx("text-xs", active ? "font-medium text-amber-800 dark:text-amber-300" : "text-slate-600 dark:text-slate-400")}>
      <span className="mr-1 rounded bg-amber-100 px-1 py-px text-[10px] font-semibold uppercase tracking-wide text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
        Deprecated
      </span>
      {children}
    </p>
  );
}

export function FieldGrid({ children, className }: { children: React.ReactNode; className?: string }) {
  return <div className={clsx("grid gap-4 sm:grid-cols-2 lg:grid-cols-3", className)}>{children}</div>;
}

"use client";

import { clsx } from "clsx";
import { useWatch, type FieldValues } from "react-hook-form";

/*
 * Form controls bound to the editor's react-hook-form by field path. Paths are strings because the
 * request has unions (plugins, tools) whose members a typed Path cannot reach; the schema resolver is
 * what keeps them honest. The controls live in input-fields.tsx (native inputs) and
 * controlled-fields.tsx (via <Controller>); this module is where the sections take them from.
 */

export { ReadOnlyContext, useReadOnly } from "./use-read-only";
export { useFieldError } from "./use-field-error";
export { NumberField, SelectField, TextAreaField, TextField, TriStateField } from "./input-fields";
export { CheckboxGroupField, ChipsField, EnabledCheckbox } from "./controlled-fields";

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

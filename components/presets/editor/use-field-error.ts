"use client";

import { get, useFormState, type FieldValues } from "react-hook-form";

/** The validation message of the field at `name` in the editor's form, if any. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState<FieldValues>({ name });
  const error = get(errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === "string" ? error.message : undefined;
}


"use client";

import { Input } from "@/components/ui/input";
import { numberFromText } from "@/lib/playground/field-values";

/** A positive count (max tokens, max results) that may be left empty for the gateway's default. */
export function CountInput({
  value,
  onValueChange,
  ...props
}: Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "inputMode" | "min" | "value" | "onChange"> & {
  value: number | undefined;
  onValueChange: (value: number | undefined) => void;
}) {
  return <Input {...props} type="number" inputMode="numeric" min={1} value={value ?? ""} onChange={(event) => onValueChange(numberFromText(event.target.value))} />;
}

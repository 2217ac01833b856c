"use client";

import { clsx } from "clsx";
import { useState } from "react";
import { Controller, useFormContext, type FieldValues } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { inputClassName } from "@/components/ui/input";
import { jsonEqual } from "@/lib/presets/json-equal";
import { useFieldError, useReadOnly } from "./fields";
import { FieldMessages } from "@/components/ui/field";

interface Row {
  key: string;
  value: string;
}

type ValueKind = "string" | "number";

function rowsOf(value: unknown): Row[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>).map(([key, item]) => ({ key, value: item === undefined ? "" : String(item) }));
}

function objectOf(rows: Row[], kind: ValueKind): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const row of rows) {
    if (row.key === "" || Object.prototype.hasOwnProperty.call(out, row.key)) continue;
    if (kind === "number") {
      const number = row.value.trim() === "" ? Number.NaN : Number(row.value);
      // A value that is not a number yet is sent as text so the schema names the field.
      out[row.key] = Number.isNaN(number) ? row.value : number;
    } else out[row.key] = row.value;
  }
  return Object.keys(out).length === 0 ? undefined : out;
}

/** What a pairs field is about: its label (also naming each row's inputs), value kind, limits and placeholders. */
interface PairsOptions {
  label: string;
  kind?: ValueKind;
  maxPairs?: number;
  keyMax?: number;
  valueMax?: number;
  keyPlaceholder?: string;
  valuePlaceholder?: string;
}

function PairsEditor({
  value,
  onChange,
  label,
  kind = "string",
  maxPairs,
  keyMax,
  valueMax,
  keyPlaceholder = "key",
  valuePlaceholder = "value",
}: PairsOptions & {
  value: unknown;
  onChange: (value: Record<string, unknown> | undefined) => void;
}) {
  const readOnly = useReadOnly();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(value));
  const [shown, setShown] = useState(value);
  if (!jsonEqual(shown, value)) {
    setShown(value);
    if (!jsonEqual(objectOf(rows, kind), value)) setRows(rowsOf(value));
  }

  function update(next: Row[]) {
    setRows(next);
    const object = objectOf(next, kind);
    setShown(object);
    onChange(object);
  }

  const seen = new Set<string>();
  return (
    <div className="space-y-2">
      {rows.length > 0 ? (
        <ul className="space-y-2">
          {rows.map((row, index) => {
            const duplicate = row.key !== "" && seen.has(row.key);
            seen.add(row.key);
            const keyTooLong = keyMax !== undefined && row.key.length > keyMax;
            const valueTooLong = valueMax !== undefined && row.value.length > valueMax;
            return (
              <li key={index} className="flex flex-wrap items-start gap-2">
                <div className="min-w-0 flex-1 basis-32">
                  <input
                    aria-label={`${label} key ${index + 1}`}
                    className={clsx(inputClassName, "font-mono")}
                    value={row.key}
                    placeholder={keyPlaceholder}
                    disabled={readOnly}
                    aria-invalid={duplicate || keyTooLong}
                    onChange={(event) => update(rows.map((r, i) => (i === index ? { ...r, key: event.target.value } : r)))}
                  />
                  {duplicate ? <p className="mt-0.5 text-xs text-amber-800 dark:text-amber-300">Duplicate key: only the first is kept</p> : null}
                  {keyTooLong ? (
                    <p className="mt-0.5 text-xs text-red-700 dark:text-red-400">
                      Key has {row.key.length} characters; at most {keyMax}
                    </p>
                  ) : null}
                </div>
                <div className="min-w-0 flex-[2] basis-40">
                  <input
                    aria-label={`${label} value ${index + 1}`}
                    className={inputClassName}
                    value={row.value}
                    inputMode={kind === "number" ? "decimal" : undefined}
                    placeholder={valuePlaceholder}
                    disabled={readOnly}
                    aria-invalid={valueTooLong}
                    onChange={(event) => update(rows.map((r, i) => (i === index ? { ...r, value: event.target.value } : r)))}
                  />
                  {valueTooLong ? (
                    <p className="mt-0.5 text-xs text-red-700 dark:text-red-400">
                      Value has {row.value.length} characters; at most {valueMax}
                    </p>
                  ) : null}
                </div>
                {!readOnly ? (
                  <Button size="sm" variant="ghost" aria-label={`Remove ${label} pair ${index + 1}`} onClick={() => update(rows.filter((_, i) => i !== index))}>
                    ✕
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-xs text-slate-600 dark:text-slate-400">No pairs.</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {!readOnly ? (
          <Button size="sm" onClick={() => setRows([...rows, { key: "", value: "" }])}>
            Add pair
          </Button>
        ) : null}
        {maxPairs !== undefined ? (
          <span className={clsx("text-xs", rows.length > maxPairs ? "font-medium text-red-700 dark:text-red-400" : "text-slate-600 dark:text-slate-400")}>
            {rows.length} of at most {maxPairs} pairs
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** An object of key/value pairs (metadata, logit_bias) edited as rows. */
export function PairsField({ name, hint, ...options }: PairsOptions & { name: string; hint?: React.ReactNode }) {
  const { control } = useFormContext<FieldValues>();
  const error = useFieldError(name);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{options.label}</legend>
      {hint ? <p className="text-xs text-slate-600 dark:text-slate-400">{hint}</p> : null}
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <PairsEditor
            {...options}
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              field.onBlur();
            }}
          />
        )}
      />
      <FieldMessages error={error} />
    </fieldset>
  );
}

"use client";

import { clsx } from "clsx";
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
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

/** A text too long for its limit: says by how much, under the input. */
function TooLong({ what, length, max }: { what: "Key" | "Value"; length: number; max: number | undefined }) {
  if (max === undefined || length <= max) return null;
  return (
    <p className="mt-0.5 text-xs text-red-700 dark:text-red-400">
      {what} has {length} characters; at most {max}
    </p>
  );
}

type RowPart = keyof Row;

/** What every row of a field shares: the field's options and the rows' callbacks, one object of stable identity. */
interface RowsShared extends Required<Pick<PairsOptions, "label" | "kind" | "keyPlaceholder" | "valuePlaceholder">>, Pick<PairsOptions, "keyMax" | "valueMax"> {
  readOnly: boolean;
  onEdit: (index: number, part: RowPart, text: string) => void;
  onRemove: (index: number) => void;
}

/** Indexes of the rows whose key an earlier row already has (only the first is kept). */
function duplicateRows(rows: readonly Row[]): Set<number> {
  const seen = new Set<string>();
  const duplicates = new Set<number>();
  rows.forEach((row, index) => {
    if (row.key !== "" && seen.has(row.key)) duplicates.add(index);
    seen.add(row.key);
  });
  return duplicates;
}

/** One pair. Memoised with a stable `shared`: a keystroke in one row renders that row, not all twenty. */
const PairRow = memo(function PairRow({ index, row, duplicate, shared }: { index: number; row: Row; duplicate: boolean; shared: RowsShared }) {
  const { label, kind, keyMax, valueMax, keyPlaceholder, valuePlaceholder, readOnly, onEdit, onRemove } = shared;
  return (
    <li className="flex flex-wrap items-start gap-2">
      <div className="min-w-0 flex-1 basis-32">
        <input
          aria-label={`${label} key ${index + 1}`}
          className={clsx(inputClassName, "font-mono")}
          value={row.key}
          placeholder={keyPlaceholder}
          disabled={readOnly}
          aria-invalid={duplicate || (keyMax !== undefined && row.key.length > keyMax)}
          onChange={(event) => onEdit(index, "key", event.target.value)}
        />
        {duplicate ? <p className="mt-0.5 text-xs text-amber-800 dark:text-amber-300">Duplicate key: only the first is kept</p> : null}
        <TooLong what="Key" length={row.key.length} max={keyMax} />
      </div>
      <div className="min-w-0 flex-[2] basis-40">
        <input
          aria-label={`${label} value ${index + 1}`}
          className={inputClassName}
          value={row.value}
          inputMode={kind === "number" ? "decimal" : undefined}
          placeholder={valuePlaceholder}
          disabled={readOnly}
          aria-invalid={valueMax !== undefined && row.value.length > valueMax}
          onChange={(event) => onEdit(index, "value", event.target.value)}
        />
        <TooLong what="Value" length={row.value.length} max={valueMax} />
      </div>
      {!readOnly ? (
        <Button size="sm" variant="ghost" aria-label={`Remove ${label} pair ${index + 1}`} onClick={() => onRemove(index)}>
          ✕
        </Button>
      ) : null}
    </li>
  );
});

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

  // The rows' callbacks keep their identity (so unchanged rows skip rendering) and act on the latest rows.
  const latest = useRef({ rows, kind, onChange });
  useEffect(() => {
    latest.current = { rows, kind, onChange };
  });
  const update = useCallback((next: Row[]) => {
    latest.current.rows = next;
    setRows(next);
    const object = objectOf(next, latest.current.kind);
    setShown(object);
    latest.current.onChange(object);
  }, []);
  const edit = useCallback(
    (index: number, part: RowPart, text: string) => update(latest.current.rows.map((row, i) => (i === index ? { ...row, [part]: text } : row))),
    [update],
  );
  const remove = useCallback((index: number) => update(latest.current.rows.filter((_, i) => i !== index)), [update]);
  const shared = useMemo<RowsShared>(
    () => ({ label, kind, keyMax, valueMax, keyPlaceholder, valuePlaceholder, readOnly, onEdit: edit, onRemove: remove }),
    [label, kind, keyMax, valueMax, keyPlaceholder, valuePlaceholder, readOnly, edit, remove],
  );

  const duplicates = duplicateRows(rows);
  return (
    <div className="space-y-2">
      {rows.length > 0 ? (
        <ul className="space-y-2">
          {rows.map((row, index) => (
            <PairRow key={index} index={index} row={row} duplicate={duplicates.has(index)} shared={shared} />
          ))}
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

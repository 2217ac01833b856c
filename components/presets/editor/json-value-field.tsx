"use client";

import { createContext, useContext, useEffect, useId, useState } from "react";
import { Controller, useFormContext, type FieldValues } from "react-hook-form";
import { FieldMessages } from "@/components/ui/field";
import { jsonEqual } from "@/lib/presets/json-equal";
import { JsonCodeEditor } from "../json-code-editor";
import { useFieldError, useReadOnly } from "./fields";
import { isRecord } from "@/lib/json/is-record";

/**
 * Sub-editors holding JSON text that does not parse (yet) report it here, so the editor can refuse
 * to save a request whose visible text and held value disagree.
 */
export const UnparsedJsonContext = createContext<(name: string, unparsed: boolean) => void>(() => {});

function pretty(value: unknown): string {
  return value === undefined ? "" : JSON.stringify(value, null, 2);
}

type Kind = "object" | "array";

function parseAs(text: string, kind: Kind): { ok: true; value: unknown } | { ok: false; message: string } {
  if (text.trim() === "") return { ok: true, value: undefined };
  try {
    const value: unknown = JSON.parse(text);
    const isArray = Array.isArray(value);
    if (kind === "object" && !isRecord(value)) return { ok: false, message: "Must be a JSON object ({ … })" };
    if (kind === "array" && !isArray) return { ok: false, message: "Must be a JSON array ([ … ])" };
    return { ok: true, value };
  } catch (error) {
    return { ok: false, message: `Not valid JSON: ${(error as Error).message}` };
  }
}

function JsonValueEditor({
  name,
  value,
  onChange,
  onBlur,
  label,
  kind,
  describedBy,
}: {
  name: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  label: string;
  kind: Kind;
  describedBy?: string;
}) {
  const readOnly = useReadOnly();
  const report = useContext(UnparsedJsonContext);
  const [text, setText] = useState(() => pretty(value));
  const [parseError, setParseError] = useState<string | null>(null);
  const errorId = useId();

  // The value may change from outside (the JSON view, restoring a draft): show it unless the text
  // already means the same thing.
  const [shown, setShown] = useState(value);
  if (!jsonEqual(shown, value)) {
    setShown(value);
    const parsed = parseAs(text, kind);
    if (!parsed.ok || !jsonEqual(parsed.value, value)) {
      setText(pretty(value));
      setParseError(null);
    }
  }

  useEffect(() => {
    report(name, parseError !== null);
  }, [name, parseError, report]);
  useEffect(() => () => report(name, false), [name, report]);

  return (
    <div className="space-y-1">
      <JsonCodeEditor
        value={text}
        label={label}
        readOnly={readOnly}
        minHeight="4.5rem"
        maxHeight="18rem"
        describedBy={[describedBy, parseError ? errorId : undefined].filter(Boolean).join(" ") || undefined}
        onBlur={onBlur}
        onChange={(next) => {
          setText(next);
          const parsed = parseAs(next, kind);
          if (parsed.ok) {
            setParseError(null);
            setShown(parsed.value);
            onChange(parsed.value);
          } else {
            setParseError(parsed.message);
          }
        }}
      />
      <FieldMessages error={parseError ? `${parseError} (the last valid value is kept until this parses)` : undefined} errorId={errorId} />
    </div>
  );
}

/** A field whose value is a JSON object or array (a JSON Schema, tool parameters), edited as text. */
export function JsonValueField({ name, label, hint, kind = "object" }: { name: string; label: string; hint?: React.ReactNode; kind?: Kind }) {
  const { control } = useFormContext<FieldValues>();
  const error = useFieldError(name);
  const hintId = useId();
  const errorId = useId();
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium text-slate-800 dark:text-slate-200">{label}</p>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <JsonValueEditor
            name={name}
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              field.onBlur();
            }}
            onBlur={field.onBlur}
            label={label}
            kind={kind}
            describedBy={[hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(" ") || undefined}
          />
        )}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

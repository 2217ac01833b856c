"use client";

import { useDeferredValue, useMemo } from "react";
import { useWatch, type FieldValues } from "react-hook-form";
import { PER_REQUEST_FIELDS } from "@/lib/presets/extract-config";
import { storedPreview } from "@/lib/presets/form-values";

const REASONS: Record<string, string> = PER_REQUEST_FIELDS;

/** Live preview of contract 4.1 rule 1: what a save stores (config, system_prompt) and what it drops. */
export function StoredPreview({ storedFields }: { storedFields: readonly string[] }) {
  // Deferred, as the JSON view is: the form's keystrokes come first.
  const values = useDeferredValue(useWatch<FieldValues>());
  const preview = useMemo(() => storedPreview(values, storedFields), [values, storedFields]);
  return (
    <div className="space-y-4 text-sm" data-testid="stored-preview">
      <div>
        <h3 className="font-semibold">config</h3>
        <pre tabIndex={0} aria-label="Stored config" className="mt-1 max-h-[40vh] overflow-auto rounded-md bg-slate-100 p-3 font-mono text-xs dark:bg-slate-900">
          {JSON.stringify(preview.config, null, 2)}
        </pre>
      </div>
      <div>
        <h3 className="font-semibold">system_prompt</h3>
        <pre tabIndex={0} aria-label="Stored system prompt" className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap rounded-md bg-slate-100 p-3 font-mono text-xs dark:bg-slate-900">
          {preview.system_prompt === "" ? <span className="italic text-slate-600 dark:text-slate-400">(empty)</span> : preview.system_prompt}
        </pre>
      </div>
      <div>
        <h3 className="font-semibold">Ignored by the gateway</h3>
        {preview.ignored_fields.length === 0 ? (
          <p className="mt-1 text-slate-600 dark:text-slate-400">Nothing: every field is stored.</p>
        ) : (
          <ul className="mt-1 space-y-1" data-testid="ignored-fields">
            {preview.ignored_fields.map((field) => (
              <li key={field}>
                <code className="font-mono text-xs font-semibold">{field}</code>
                <span className="text-slate-600 dark:text-slate-400">
                  {" "}
                  — {field === "messages" ? "only the system messages' text is kept, as system_prompt" : (REASONS[field] ?? "not part of a preset's config")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

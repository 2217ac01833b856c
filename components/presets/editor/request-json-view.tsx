"use client";

import type { Diagnostic } from "@codemirror/lint";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useFormContext, useWatch, type FieldValues } from "react-hook-form";
import { jsonEqual } from "@/lib/presets/json-equal";
import { validateRequest, type RequestIssue } from "@/lib/presets/form-resolver";
import { pruneRequest } from "@/lib/presets/form-values";
import { locateJsonPath } from "@/lib/presets/json-locate";
import { JsonCodeEditor } from "../json-code-editor";
import { useReadOnly } from "./fields";
import { REQUEST_JSON_BOX } from "./request-json-placeholder";
import { useSettledValue } from "@/lib/client/hooks/use-settled-value";
import { isRecord } from "@/lib/json/is-record";

/** How long the form must stay unchanged before the JSON view shows it. */
const FOLLOW_FORM_MS = 200;

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

// The status line and the editor's underlines check the same text: the request is checked once per text.
let lastChecked: { text: string; issues: RequestIssue[] } | null = null;
function issuesOf(text: string): RequestIssue[] {
  if (lastChecked?.text !== text) lastChecked = { text, issues: validateRequest(parseObject(text) ?? {}) };
  return lastChecked.issues;
}

/** Schema problems of the request text, underlined at the JSON path they name. */
export function diagnoseRequestText(text: string): Diagnostic[] {
  if (!parseObject(text)) return [{ from: 0, to: Math.min(text.length, 1), severity: "error", message: "The request must be a JSON object" }];
  return issuesOf(text).map((issue) => {
    const span = locateJsonPath(text, issue.segments) ?? { from: 0, to: 0 };
    // A span covering a whole object is hard to read; underline its first line.
    const newline = text.indexOf("\n", span.from);
    const to = newline > span.from && newline < span.to ? newline : span.to;
    return { from: span.from, to: Math.max(to, span.from + 1), severity: "error", message: issue.message, source: issue.path || "request" };
  });
}

/**
 * The request as JSON, synced both ways with the form (a chunk of its own, with the schema checks): form edits rewrite the text; text that parses
 * to an object is applied to the form (after a short pause, so typing stays smooth). Text that does
 * not parse stays here, marked, and the form keeps the last valid request.
 * While hidden (`shown` false: the other panel is open) it does not follow the form; it catches up when shown.
 */
export function RequestJsonView({ onPendingChange, shown = true }: { onPendingChange?: (pending: boolean) => void; shown?: boolean }) {
  const readOnly = useReadOnly();
  // Text that parses replaces what the form holds (its base stays the version the edit started from), checked in full.
  const { reset, trigger } = useFormContext<FieldValues>();
  const onApply = useCallback(
    (request: Record<string, unknown>) => {
      reset(request, { keepDefaultValues: true });
      void trigger();
    },
    [reset, trigger],
  );
  // The text (re-printed, then patched into CodeMirror where it changed, some 5 ms) follows the form once typing
  // pauses, not after every keystroke.
  const values = useSettledValue(useWatch<FieldValues>({ disabled: !shown }), FOLLOW_FORM_MS);
  const pruned = useMemo(() => pruneRequest(values), [values]);
  const [text, setText] = useState(() => pretty(pruned));
  const [seen, setSeen] = useState<Record<string, unknown>>(pruned);
  const [unparsed, setUnparsed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const statusId = useId();

  // The form changed (a field edit, a reset): show it, unless the text already says the same.
  if (!jsonEqual(seen, pruned)) {
    setSeen(pruned);
    const current = parseObject(text);
    if (!current || !jsonEqual(pruneRequest(current), pruned)) {
      setText(pretty(pruned));
      setUnparsed(false);
    }
  }

  useEffect(() => onPendingChange?.(unparsed), [unparsed, onPendingChange]);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const onChange = useCallback(
    (next: string) => {
      setText(next);
      const value = parseObject(next);
      setUnparsed(value === null);
      if (timer.current) clearTimeout(timer.current);
      if (value) timer.current = setTimeout(() => onApply(value), 300);
    },
    [onApply],
  );

  const issues = useMemo(() => issuesOf(text), [text]);

  return (
    <div className="space-y-2">
      <JsonCodeEditor
        value={text}
        onChange={readOnly ? undefined : onChange}
        readOnly={readOnly}
        label="Chat request JSON"
        diagnose={diagnoseRequestText}
        minHeight={REQUEST_JSON_BOX.minHeight}
        maxHeight={REQUEST_JSON_BOX.maxHeight}
        describedBy={statusId}
        testId={REQUEST_JSON_BOX.testId}
      />
      <div id={statusId} aria-live="polite" className="text-xs">
        {unparsed ? (
          <p className="font-medium text-red-700 dark:text-red-400">Not valid JSON yet: the form keeps the last valid request.</p>
        ) : issues.length === 0 ? (
          <p className="text-emerald-700 dark:text-emerald-400">Valid chat request.</p>
        ) : (
          <div>
            <p className="font-medium text-red-700 dark:text-red-400">
              {issues.length} {issues.length === 1 ? "problem" : "problems"}:
            </p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-red-700 dark:text-red-400" data-testid="json-issues">
              {issues.map((issue) => (
                <li key={`${issue.path}:${issue.message}`}>{issue.message}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}

"use client";

import { useMemo } from "react";
import { useWatch, type FieldValues } from "react-hook-form";
import { pruneRequest } from "@/lib/presets/form-values";
import { JsonCodeEditorPlaceholder } from "../json-code-editor";

/** The JSON view's editor box, shared with its placeholder so nothing moves when the view arrives. */
export const REQUEST_JSON_BOX = { minHeight: "16rem", maxHeight: "70vh", testId: "request-json" } as const;

/** The JSON view while its code loads: the request as text where the editor will show it, and room for its status line. */
export function RequestJsonPlaceholder() {
  const values = useWatch<FieldValues>();
  const text = useMemo(() => JSON.stringify(pruneRequest(values), null, 2), [values]);
  return (
    <div className="space-y-2">
      <JsonCodeEditorPlaceholder value={text} {...REQUEST_JSON_BOX} />
      <p aria-hidden className="text-xs">
        &nbsp;
      </p>
    </div>
  );
}

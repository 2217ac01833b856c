"use client";

import { CodeDialog as SnippetDialog } from "@/components/ui/code-dialog";
import { runBody, type RequestDraft } from "@/lib/playground/setup";
import { curlSnippet, typescriptSnippet, type SnippetCall } from "@/lib/snippets";

/** "Copy as curl / TypeScript": the column's request with a $GATEWAY_API_KEY placeholder. */
export function CodeDialog({ request, columnName }: { request: RequestDraft; columnName: string }) {
  const call: SnippetCall = { kind: "responses-stream", body: runBody(request) };
  return (
    <SnippetDialog
      title={`Request of ${columnName} as code`}
      description="The key is a $GATEWAY_API_KEY placeholder: set it (and GATEWAY_URL) in your shell. Gatehouse never shows a real key."
      triggerProps={{ size: "sm", variant: "ghost" }}
      snippets={[
        { language: "curl", code: curlSnippet(call), testId: "snippet-curl" },
        { language: "typescript", code: typescriptSnippet(call), testId: "snippet-ts" },
      ]}
    />
  );
}

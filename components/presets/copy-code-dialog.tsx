"use client";

import { CodeDialog } from "@/components/ui/code-dialog";
import { curlSnippet, presetCall, typescriptSnippet } from "@/lib/snippets";

/** Snippets that call the preset through the gateway, with placeholders for the key and address. */
export function CopyCodeDialog({ slug }: { slug: string }) {
  const call = presetCall(slug);
  return (
    <CodeDialog
      title="Use this preset from code"
      description={
        <>
          Set <code>GATEWAY_URL</code> to your gateway&apos;s base URL and <code>GATEWAY_API_KEY</code> to an API key; no key is shown here.
        </>
      }
      snippets={[
        { language: "curl", code: curlSnippet(call), testId: "code-snippet" },
        { language: "typescript", code: typescriptSnippet(call), testId: "code-snippet" },
      ]}
    />
  );
}

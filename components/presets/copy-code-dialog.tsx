"use client";

import { useEffect, useRef, useState } from "react";
import { CodeDialog } from "@/components/ui/code-dialog";
import { curlSnippet, presetCall, typescriptSnippet } from "@/lib/snippets";

/**
 * Snippets that call the preset through the gateway, with placeholders for the key and address. A chunk of its
 * own (Radix Dialog and Tabs, the snippets), which ./copy-code-button fetches on the way to its button and then
 * swaps in for it: `focusOnMount` keeps the focus on the button, `openOnMount` opens the dialog when the button
 * was pressed before the chunk arrived.
 */
export function CopyCodeDialog({ slug, openOnMount = false, focusOnMount = false }: { slug: string; openOnMount?: boolean; focusOnMount?: boolean }) {
  const call = presetCall(slug);
  const frame = useRef<HTMLSpanElement>(null);
  const [onMount] = useState({ open: openOnMount, focus: focusOnMount });
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    // CodeDialog owns its trigger; pressing it is what opens the dialog and later gives the focus back to it.
    const trigger = frame.current?.querySelector("button");
    if (onMount.focus) trigger?.focus();
    if (onMount.open) trigger?.click();
  }, [onMount]);
  return (
    <span ref={frame} className="contents">
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
    </span>
  );
}

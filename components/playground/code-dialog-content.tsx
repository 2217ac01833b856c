"use client";

import { CodeSnippetTabs } from "@/components/ui/code-dialog";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { returnFocusTo, type LazyPopupProps } from "@/components/ui/use-lazy-popup";
import { runBody, type RequestDraft } from "@/lib/playground/setup";
import { curlSnippet, typescriptSnippet, type SnippetCall } from "@/lib/snippets";

/**
 * The dialog of "Copy as code" (./code-dialog): the column's request as curl and TypeScript, with a
 * $GATEWAY_API_KEY placeholder. A chunk of its own, opened by the button that `useLazyPopup` drives.
 */
export default function CodeDialogContent({
  open,
  setOpen,
  trigger,
  contentId,
  request,
  columnName,
}: LazyPopupProps & { request: RequestDraft; columnName: string }) {
  const call: SnippetCall = { kind: "responses-stream", body: runBody(request) };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        id={contentId}
        title={`Request of ${columnName} as code`}
        description="The key is a $GATEWAY_API_KEY placeholder: set it (and GATEWAY_URL) in your shell. Gatehouse never shows a real key."
        className="sm:max-w-3xl"
        // What DialogTrigger would do: focus goes back to the button that opened the dialog.
        onCloseAutoFocus={returnFocusTo(trigger)}
      >
        <CodeSnippetTabs
          snippets={[
            { language: "curl", code: curlSnippet(call), testId: "snippet-curl" },
            { language: "typescript", code: typescriptSnippet(call), testId: "snippet-ts" },
          ]}
        />
      </DialogContent>
    </Dialog>
  );
}

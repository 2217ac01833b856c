"use client";

import { Button } from "@/components/ui/button";
import { useLazyPopup } from "@/components/ui/use-lazy-popup";
import type { RequestDraft } from "@/lib/playground/setup";
import { LazyPartSlot } from "./lazy-part";
import { codeDialogPart } from "./lazy-parts";

/**
 * "Copy as code" for a column: the button, and the dialog (Radix Dialog, tabs, the snippet builders) as a
 * chunk fetched on the way to the first press, mounted then and kept mounted afterwards.
 */
export function CodeDialog({ request, columnName }: { request: RequestDraft; columnName: string }) {
  const { open, setOpen, mounted, trigger, contentId, triggerProps } = useLazyPopup(codeDialogPart.preload);
  return (
    <>
      <Button size="sm" variant="ghost" {...triggerProps} onFocus={() => void codeDialogPart.preload()}>
        Copy as code
      </Button>
      {mounted ? (
        <LazyPartSlot part={codeDialogPart} props={{ open, setOpen, trigger, contentId, request, columnName }} what="code dialog" fallback={null} />
      ) : null}
    </>
  );
}

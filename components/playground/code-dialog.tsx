"use client";

import { Button } from "@/components/ui/button";
import { LazySlot } from "@/components/ui/lazy-slot";
import { useLazyPopup } from "@/components/ui/use-lazy-popup";
import type { RequestDraft } from "@/lib/playground/setup";
import { CodeDialogPart } from "./lazy-parts";

/**
 * "Copy as code" for a column: the button, and the dialog (Radix Dialog, tabs, the snippet builders) as a
 * chunk fetched on the way to the first press, mounted then and kept mounted afterwards.
 */
export function CodeDialog({ request, columnName }: { request: RequestDraft; columnName: string }) {
  const { triggerProps, render } = useLazyPopup(CodeDialogPart);
  return (
    <>
      <Button size="sm" variant="ghost" {...triggerProps} onFocus={() => void CodeDialogPart.preload()}>
        Copy as code
      </Button>
      <LazySlot what="The code dialog">{render({ request, columnName })}</LazySlot>
    </>
  );
}

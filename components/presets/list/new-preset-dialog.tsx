"use client";

import { lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { useLazyPopup } from "@/components/ui/use-lazy-popup";

const loadForm = () => import("./new-preset-form");
const NewPresetForm = lazy(loadForm);

/** The "New preset" button and its dialog, whose code (a form with zod) loads on the way to the first press. */
export function NewPresetDialog() {
  const { open, setOpen, mounted, trigger, contentId, triggerProps } = useLazyPopup(loadForm);
  return (
    <>
      <Button variant="primary" {...triggerProps}>
        New preset
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <NewPresetForm open={open} setOpen={setOpen} trigger={trigger} contentId={contentId} />
        </Suspense>
      ) : null}
    </>
  );
}

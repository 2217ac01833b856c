"use client";

import { lazy, Suspense, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

const NewPresetForm = lazy(() => import("./new-preset-form"));

/**
 * The "New preset" button and its dialog. The dialog's code is fetched when the pointer nears the button or on
 * the first press (not with the list page), and stays mounted once loaded.
 */
export function NewPresetDialog() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  return (
    <>
      <Button
        ref={trigger}
        variant="primary"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        data-state={open ? "open" : "closed"}
        onPointerEnter={() => void import("./new-preset-form")}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        New preset
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <NewPresetForm open={open} setOpen={setOpen} trigger={trigger} contentId={contentId} />
        </Suspense>
      ) : null}
    </>
  );
}

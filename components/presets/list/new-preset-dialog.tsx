"use client";

import { lazyComponent } from "@/components/ui/lazy-component";
import { lazyDialogButton } from "@/components/ui/lazy-dialog-button";

/** The "New preset" button and its dialog, whose code (a form with zod) loads on the way to the first press. */
const NewPresetButton = lazyDialogButton(lazyComponent(() => import("./new-preset-form")));

export function NewPresetDialog() {
  return <NewPresetButton label="New preset" variant="primary" />;
}

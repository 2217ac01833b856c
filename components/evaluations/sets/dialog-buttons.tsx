"use client";

import { lazyComponent } from "@/components/ui/lazy-component";
import { lazyDialogButton } from "@/components/ui/lazy-dialog-button";

/** The question-set pages' dialogs, each loaded on the way to its button's first press. */
export const NewSetButton = lazyDialogButton(lazyComponent(() => import("./new-set-dialog")));
export const ImportButton = lazyDialogButton(lazyComponent(() => import("./import-dialog")));
export const DeleteSetButton = lazyDialogButton(lazyComponent(() => import("./delete-set-dialog")));

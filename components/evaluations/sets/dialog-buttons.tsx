"use client";

import { lazyDialogButton } from "./lazy-dialog-button";

/** The question-set pages' dialogs, each loaded on the way to its button's first press. */
export const NewSetButton = lazyDialogButton(() => import("./new-set-dialog"));
export const ImportButton = lazyDialogButton(() => import("./import-dialog"));
export const DeleteSetButton = lazyDialogButton(() => import("./delete-set-dialog"));

"use client";

import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { ChatRequestInput } from "@/lib/contract/gateway";

/**
 * The way into a save: the whole form is checked at once, then the review dialog opens, or the problems show.
 * The dialog mounts on the first save and stays, so it closes with its animation.
 */
export function useSaveReview(form: UseFormReturn<ChatRequestInput>, onRefused: () => void) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [showProblems, setShowProblems] = useState(false);

  const start = () => {
    setError(null);
    void form.handleSubmit(
      () => {
        setShowProblems(false);
        setMounted(true);
        setOpen(true);
      },
      () => {
        onRefused();
        setShowProblems(true);
      },
    )();
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setError(null);
  };

  return { open, mounted, error, showProblems, start, onOpenChange, close: () => setOpen(false), fail: setError };
}

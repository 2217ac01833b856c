"use client";

import { useId, useRef, useState, type RefObject } from "react";

/** What a popup loaded by `useLazyPopup` takes from it. */
export interface LazyPopupProps {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The button that opens it: the popup anchors to it and sends focus back to it. */
  trigger: RefObject<HTMLButtonElement | null>;
  contentId: string;
}

/**
 * A button that opens a popup (dialog, popover) whose code is a chunk of its own: fetched when the pointer
 * nears the button, mounted on the first press and kept mounted afterwards. The button carries what a Radix
 * Trigger would (aria-haspopup, aria-expanded, aria-controls, data-state); the popup anchors to `trigger`, gives
 * its content `contentId`, and sends focus back to `trigger` when it closes.
 */
export function useLazyPopup(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const triggerProps = {
    ref: trigger,
    "aria-haspopup": "dialog" as const,
    "aria-expanded": open,
    "aria-controls": open ? contentId : undefined,
    "data-state": open ? "open" : "closed",
    onPointerEnter: () => void load(),
    onClick: () => {
      setMounted(true);
      setOpen((was) => !was);
    },
  };
  return { open, setOpen, mounted, trigger, contentId, triggerProps };
}

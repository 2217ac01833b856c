"use client";

import { Suspense, useId, useRef, useState, type RefObject } from "react";
import type { LazyComponent } from "./lazy-component";

/** What a popup loaded by `useLazyPopup` takes from it. */
export interface LazyPopupProps {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The button that opens it: the popup anchors to it and sends focus back to it. */
  trigger: RefObject<HTMLButtonElement | null>;
  contentId: string;
}

/** Where focus goes when a lazily loaded popup closes (Radix's onCloseAutoFocus): back to its button, as a Radix Trigger would. */
export function returnFocusTo(trigger: RefObject<HTMLButtonElement | null>) {
  return (event: Event) => {
    event.preventDefault();
    trigger.current?.focus();
  };
}

/**
 * A button that opens a popup (dialog, popover) whose code is a chunk of its own (`lazyComponent`): fetched when
 * the pointer nears the button, mounted on the first press and kept mounted afterwards. The button carries what a
 * Radix Trigger would (aria-haspopup, aria-expanded, aria-controls, data-state); the popup anchors to `trigger`,
 * gives its content `contentId`, and sends focus back to `trigger` when it closes. `render(props)` is the popup
 * with the popup's own props added (nothing before the first press); a chunk that cannot be fetched throws to
 * the page's error boundary.
 */
export function useLazyPopup<P extends object>(Popup: LazyComponent<P & LazyPopupProps>) {
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
    onPointerEnter: () => void Popup.preload(),
    onClick: () => {
      setMounted(true);
      setOpen((was) => !was);
    },
  };
  const render = (props: P) =>
    mounted ? (
      <Suspense fallback={null}>
        <Popup {...props} open={open} setOpen={setOpen} trigger={trigger} contentId={contentId} />
      </Suspense>
    ) : null;
  return { open, setOpen, trigger, contentId, triggerProps, render };
}

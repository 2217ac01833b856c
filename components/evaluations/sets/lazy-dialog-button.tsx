"use client";

import { lazy, Suspense, type ComponentType, type RefObject } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { useLazyPopup } from "@/components/ui/use-lazy-popup";

/** What a lazily loaded dialog gets from its button. */
export interface DialogPopupProps {
  open: boolean;
  setOpen: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
  contentId: string;
}

/** Where focus goes when a lazily loaded dialog closes: back to its button, as a Radix Trigger would. */
export function returnFocusTo(trigger: RefObject<HTMLButtonElement | null>) {
  return (event: Event) => {
    event.preventDefault();
    trigger.current?.focus();
  };
}

/**
 * A button whose dialog is a chunk of its own (Radix Dialog, the form): fetched when the pointer nears the
 * button, mounted on the first press. Keeps the list and editor pages' first load small.
 */
export function lazyDialogButton<P extends object>(load: () => Promise<{ default: ComponentType<P & DialogPopupProps> }>) {
  const Content = lazy(load);
  return function LazyDialogButton({ label, variant = "secondary", ...props }: { label: React.ReactNode; variant?: ButtonProps["variant"] } & P) {
    const { open, setOpen, mounted, trigger, contentId, triggerProps } = useLazyPopup(load);
    return (
      <>
        <Button variant={variant} {...triggerProps}>
          {label}
        </Button>
        {mounted ? (
          <Suspense fallback={null}>
            <Content {...(props as unknown as P)} open={open} setOpen={setOpen} trigger={trigger} contentId={contentId} />
          </Suspense>
        ) : null}
      </>
    );
  };
}

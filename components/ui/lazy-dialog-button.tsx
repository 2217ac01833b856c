"use client";

import { Button, type ButtonProps } from "./button";
import type { LazyComponent } from "./lazy-component";
import { useLazyPopup, type LazyPopupProps } from "./use-lazy-popup";

/**
 * A Button and its lazily loaded dialog (`useLazyPopup`) as one component, for a dialog that needs nothing from
 * the page but its own props.
 */
export function lazyDialogButton<P extends object>(Dialog: LazyComponent<P & LazyPopupProps>) {
  return function LazyDialogButton({ label, variant = "secondary", ...props }: { label: React.ReactNode; variant?: ButtonProps["variant"] } & P) {
    const popup = useLazyPopup(Dialog);
    return (
      <>
        <Button variant={variant} {...popup.triggerProps}>
          {label}
        </Button>
        {popup.render(props as unknown as P)}
      </>
    );
  };
}

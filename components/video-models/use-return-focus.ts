"use client";

import { useRef } from "react";

/**
 * For dialogs opened from state and the URL, not from Radix triggers: `rememberOpener` notes the
 * focused control before opening, `returnFocus` (onCloseAutoFocus) hands focus back to it. A dialog
 * opened by a shared link has no opener and keeps Radix's default.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const returnFocus = (event: Event) => {
    if (opener.current?.isConnected) {
      event.preventDefault();
      opener.current.focus();
    }
    opener.current = null;
  };
  return { rememberOpener, returnFocus };
}

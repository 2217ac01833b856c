"use client";

import { useEffect, useRef } from "react";

const LEAVE_MESSAGE = "You have unsaved changes to this preset. They are kept as a draft in this browser. Leave anyway?";

/**
 * Asks before leaving while `active`: the browser's own prompt for reloads, closing the tab and
 * typed addresses (beforeunload), and a confirm for in-app links, which navigate client-side and
 * never fire beforeunload. `flush` runs first in both cases so the latest draft is on disk.
 */
export function useUnsavedGuard(active: boolean, flush: () => void): void {
  const flushRef = useRef(flush);
  useEffect(() => {
    flushRef.current = flush;
  }, [flush]);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      flushRef.current();
      event.preventDefault();
      // Older Chromium versions show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === "_blank" || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      // Same page (section links, ?tab=history): nothing is left behind.
      if (url.pathname === window.location.pathname) return;
      flushRef.current();
      if (!window.confirm(LEAVE_MESSAGE)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [active]);
}

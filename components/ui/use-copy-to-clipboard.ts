"use client";

import { useCallback, useEffect, useRef, useState } from "react";

export type CopyState = "idle" | "copied" | "failed";

/**
 * Copies text to the clipboard and says how it went: "copied", or "failed" when the browser refuses (no
 * permission, an insecure origin), so the caller can ask to select the text by hand. The state goes back
 * to "idle" after `resetAfterMs` (never when it is null) or on `reset()`.
 */
export function useCopyToClipboard({ resetAfterMs = 2000 }: { resetAfterMs?: number | null } = {}) {
  const [state, setState] = useState<CopyState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearTimer = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => clearTimer, [clearTimer]);

  const reset = useCallback(() => {
    clearTimer();
    setState("idle");
  }, [clearTimer]);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      clearTimer();
      let ok: boolean;
      try {
        await navigator.clipboard.writeText(text);
        ok = true;
      } catch {
        ok = false;
      }
      setState(ok ? "copied" : "failed");
      if (resetAfterMs !== null) timer.current = setTimeout(() => setState("idle"), resetAfterMs);
      return ok;
    },
    [clearTimer, resetAfterMs],
  );

  return { state, copy, reset };
}

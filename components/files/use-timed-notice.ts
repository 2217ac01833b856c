"use client";

import { useRef, useState } from "react";

/** A short notice that clears itself 6 s after the last `announce`. */
export function useTimedNotice() {
  const [notice, setNotice] = useState<string | null>(null);
  const noticeTimer = useRef<number | undefined>(undefined);
  const announce = (text: string) => {
    setNotice(text);
    window.clearTimeout(noticeTimer.current);
    noticeTimer.current = window.setTimeout(() => setNotice(null), 6000);
  };
  return { notice, announce };
}

"use client";

import { useEffect, useState } from "react";

/** The current time, refreshed every `intervalMs`, so relative times ("3 minutes ago") age while the page is open. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

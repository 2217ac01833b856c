"use client";

import { useEffect, useState } from "react";

/**
 * The current time, refreshed every `intervalMs` while it is not null, so relative times ("3 minutes ago") and
 * elapsed times of running jobs age while the page is open. Null stops the clock (nothing left to age).
 */
export function useNow(intervalMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (intervalMs === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

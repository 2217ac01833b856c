"use client";

import { useEffect, useState } from "react";

/**
 * `value` once it has stopped changing for `ms`: what follows the form at a pause in typing rather than after
 * every keystroke (the JSON view's re-print, the problem count). The first value is returned at once.
 */
export function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, settled, ms]);
  return settled;
}

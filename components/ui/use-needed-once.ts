"use client";

import { useState } from "react";

/**
 * True from the first render in which `needed` is true: a lazily loaded popup is mounted when first needed and
 * then kept mounted, so it can animate closed and keep what was typed in it.
 */
export function useNeededOnce(needed: boolean): boolean {
  const [wasNeeded, setWasNeeded] = useState(needed);
  if (needed && !wasNeeded) setWasNeeded(true);
  return wasNeeded || needed;
}

"use client";

import { useCallback, useState } from "react";

/**
 * Which JSON text fields (and whether the whole-request JSON view) hold text that does not parse:
 * while any does, what the form holds is not what the user typed, so saving waits.
 */
export function useUnparsedJson() {
  const [unparsed, setUnparsed] = useState<ReadonlySet<string>>(new Set());
  const [jsonViewUnparsed, setJsonViewUnparsed] = useState(false);

  const reportUnparsed = useCallback((name: string, isUnparsed: boolean) => {
    setUnparsed((previous) => {
      if (previous.has(name) === isUnparsed) return previous;
      const next = new Set(previous);
      if (isUnparsed) next.add(name);
      else next.delete(name);
      return next;
    });
  }, []);

  return { blockedByText: unparsed.size > 0 || jsonViewUnparsed, reportUnparsed, setJsonViewUnparsed };
}

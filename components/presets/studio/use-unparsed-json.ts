"use client";

import { useCallback, useMemo, useState } from "react";

/** Where the editor says text does not parse (or parses again): a JSON text field by its name, the JSON view. */
export interface UnparsedReporters {
  field: (name: string, unparsed: boolean) => void;
  jsonView: (unparsed: boolean) => void;
}

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

  const report = useMemo<UnparsedReporters>(() => ({ field: reportUnparsed, jsonView: setJsonViewUnparsed }), [reportUnparsed]);
  return { blockedByText: unparsed.size > 0 || jsonViewUnparsed, report };
}

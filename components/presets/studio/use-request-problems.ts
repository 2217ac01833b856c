"use client";

import { useEffect, useMemo, useState } from "react";
import type { RequestIssue } from "@/lib/presets/form-resolver";
import type { RequestValues } from "@/lib/presets/form-values";
import { loadRequestValidator } from "@/lib/presets/request-validator";
import { useSettledValue } from "@/lib/client/hooks/use-settled-value";

/** How long the request must stay unchanged before its problems are counted again. */
const COUNT_AFTER_MS = 150;

type Validate = (values: unknown) => RequestIssue[];

/**
 * The schema problems of the request, for the status bar's count and the list shown after a refused save. The
 * checks' chunk is fetched as soon as the editor is on screen; `problems` is null until it is here, and
 * `unavailable` says it could not be fetched. A save never depends on this: it awaits the resolver.
 */
export function useRequestProblems(request: RequestValues): { problems: RequestIssue[] | null; unavailable: boolean } {
  const [validate, setValidate] = useState<Validate | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    loadRequestValidator().then(
      (validator) => live && setValidate(() => validator.validateRequest),
      () => live && setUnavailable(true),
    );
    return () => {
      live = false;
    };
  }, []);
  // Counted once typing pauses: the count may trail a keystroke, the keystroke never waits for the count.
  const settled = useSettledValue(request, COUNT_AFTER_MS);
  const problems = useMemo(() => (validate ? validate(settled) : null), [validate, settled]);
  return { problems, unavailable };
}

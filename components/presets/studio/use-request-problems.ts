"use client";

import { useDeferredValue, useEffect, useMemo, useState } from "react";
import type { RequestIssue } from "@/lib/presets/form-resolver";
import type { RequestValues } from "@/lib/presets/form-values";
import { loadRequestValidator } from "@/lib/presets/request-validator";

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
  // Counted in a deferred render: the count may trail a keystroke, the keystroke never waits for the count.
  const deferred = useDeferredValue(request);
  const problems = useMemo(() => (validate ? validate(deferred) : null), [validate, deferred]);
  return { problems, unavailable };
}

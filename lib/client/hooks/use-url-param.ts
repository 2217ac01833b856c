"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";

/**
 * One string search parameter as React state, for a page that keeps a little state in the URL and should not
 * load a URL-state library for it (issue 16's page budget): the /files page's workspace and filter.
 *
 * The value changes at once (a controlled input never lags behind typing); the URL follows through the History
 * API, which Next's router observes, so nothing is fetched from the server. A change of the URL from outside
 * (back and forward, a link to the same page with other parameters) becomes the new value. `null` removes the
 * parameter.
 */
export function useUrlParam(name: string, { history = "replace" }: { history?: "push" | "replace" } = {}) {
  const fromUrl = useSearchParams().get(name);
  const [value, setValue] = useState<string | null>(fromUrl);
  // Values written but not yet seen back in useSearchParams, oldest first: seeing one of them is our own
  // write arriving (possibly behind a newer one), not a navigation.
  const pending = useRef<(string | null)[]>([]);

  useEffect(() => {
    const ours = pending.current.indexOf(fromUrl);
    if (ours >= 0) {
      pending.current.splice(0, ours + 1);
      return;
    }
    pending.current = [];
    // A navigation set the parameter: the URL is the truth now.
    setValue(fromUrl);
  }, [fromUrl]);

  const update = useCallback(
    (next: string | null) => {
      setValue(next);
      const url = new URL(window.location.href);
      if (url.searchParams.get(name) === next) return;
      if (next === null) url.searchParams.delete(name);
      else url.searchParams.set(name, next);
      pending.current.push(next);
      if (history === "push") window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
    },
    [name, history],
  );

  return [value, update] as const;
}

"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { parseView, writeView, type ResultsView } from "./url-state";

/**
 * The results view from the URL, and a setter that writes it back through the History API (which Next's router
 * observes, so nothing is fetched from the server). Opening a question pushes a history entry, so Back closes
 * it; a filter or sort replaces the entry.
 */
export function useResultsView() {
  const params = useSearchParams();
  const view = useMemo(() => parseView(new URLSearchParams(params.toString())), [params]);

  const setView = useCallback((next: ResultsView) => {
    const current = new URL(window.location.href);
    const before = parseView(current.searchParams);
    const url = new URL(current);
    url.search = writeView(next, current.searchParams).toString();
    if (url.href === current.href) return;
    if (before.question !== next.question) window.history.pushState(null, "", url);
    else window.history.replaceState(null, "", url);
  }, []);

  const hrefFor = useCallback((next: ResultsView) => `?${writeView(next, new URLSearchParams(params.toString()))}`, [params]);

  return { view, setView, hrefFor };
}

"use client";

import { useEffect } from "react";

/** Ctrl+Enter (Cmd+Enter on a Mac) anywhere on the page calls `run`. */
export function useRunShortcut(run: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        run();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [run]);
}

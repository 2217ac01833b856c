"use client";

import { useSyncExternalStore } from "react";

// One MediaQueryList per query: getSnapshot runs on every render (every scroll frame in the file list), and
// matchMedia() builds a new list each call.
const lists = new Map<string, MediaQueryList>();
function mediaList(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Live result of a CSS media query; `serverValue` is what the server render (and hydration) assumes. */
export function useMediaQuery(query: string, serverValue = true): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = mediaList(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    () => mediaList(query).matches,
    () => serverValue,
  );
}

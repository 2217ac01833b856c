"use client";

import { useCallback, useRef, useState } from "react";
import { readScrollOffset, scrollMemoryKey, writeScrollOffset } from "./scroll-memory";

/**
 * Where the user was in the list, per workspace and filter: the offset to start at when `restoring`
 * (coming back to cached pages), and `onScrollOffset` to note it as they scroll (at most every 150 ms).
 */
export function useScrollMemory(workspaceKey: string, filter: string, restoring: boolean) {
  const scrollKey = scrollMemoryKey(workspaceKey, filter);
  const [initialOffset] = useState(() => (restoring ? readScrollOffset(scrollKey) : 0));
  const lastSave = useRef(0);
  const onScrollOffset = useCallback(
    (offset: number) => {
      const now = performance.now();
      if (now - lastSave.current < 150) return;
      lastSave.current = now;
      writeScrollOffset(scrollKey, offset);
    },
    [scrollKey],
  );
  return { initialOffset, onScrollOffset };
}

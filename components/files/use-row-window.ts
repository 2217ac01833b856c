"use client";

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { flushSync } from "react-dom";
import { rowWindow, scrollTopToReveal } from "@/lib/files/row-window";

/**
 * The rows of the scroll element to render (lib/files/row-window.ts), following its scroll position and size.
 * Re-renders only when the top row or the viewport's height changes, not on every scrolled pixel.
 */
export function useRowWindow({
  scrollRef,
  count,
  rowHeight,
  overscan,
  initialOffset,
}: {
  scrollRef: RefObject<HTMLDivElement | null>;
  count: number;
  rowHeight: number;
  overscan: number;
  /** Where the list starts scrolled to (a return visit's remembered position). */
  initialOffset: number;
}) {
  const [view, setView] = useState({ firstVisible: Math.floor(initialOffset / rowHeight), height: 600 });

  const sync = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const firstVisible = Math.floor(element.scrollTop / rowHeight);
    const height = element.clientHeight;
    setView((was) => (was.firstVisible === firstVisible && was.height === height ? was : { firstVisible, height }));
  }, [scrollRef, rowHeight]);

  // Before the first paint: the remembered position, then what is really in view (also after a row height change).
  const restored = useRef(false);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    if (!restored.current) {
      element.scrollTop = initialOffset;
      restored.current = true;
    }
    sync();
  }, [scrollRef, initialOffset, sync]);

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const observer = new ResizeObserver(sync);
    observer.observe(element);
    // The rows for the new position are rendered within the scroll event, before the frame's layout and paint:
    // left to React's scheduler they would come a task later, after a paint without them, and the next read of
    // the scroll position would force a second layout in that frame.
    const onScroll = () => flushSync(sync);
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener("scroll", onScroll);
    };
  }, [scrollRef, sync]);

  const window = rowWindow({ firstVisible: view.firstVisible, viewportHeight: view.height, rowHeight, count, overscan });

  const scrollToOffset = useCallback(
    (offset: number) => {
      if (scrollRef.current) scrollRef.current.scrollTop = offset;
    },
    [scrollRef],
  );

  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (!element) return;
      const target = scrollTopToReveal(index, { scrollTop: element.scrollTop, viewportHeight: element.clientHeight, rowHeight });
      if (target !== null) element.scrollTop = target;
    },
    [scrollRef, rowHeight],
  );

  return { ...window, firstVisible: view.firstVisible, scrollToIndex, scrollToOffset };
}

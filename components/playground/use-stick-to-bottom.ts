"use client";

import { useCallback, useLayoutEffect, useRef, useState } from "react";

/**
 * Follows a growing scroll container only while the user is at its bottom: scrolling up to read
 * stops the follow, scrolling back down (or "Jump to latest") resumes it.
 */
export function useStickToBottom(contentVersion: unknown) {
  const ref = useRef<HTMLDivElement | null>(null);
  const stuck = useRef(true);
  const [atBottom, setAtBottom] = useState(true);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
    stuck.current = bottom;
    setAtBottom(bottom);
  }, []);

  // Height of the content the last time we looked: "at the bottom" is judged against it, from the live
  // scroll position, because a scroll the reader just made may not have fired its event yet.
  const lastHeight = useRef(0);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const wasAtBottom = el.scrollTop + el.clientHeight >= lastHeight.current - 24;
    if (stuck.current && wasAtBottom && el.scrollHeight > el.clientHeight) el.scrollTop = el.scrollHeight;
    lastHeight.current = el.scrollHeight;
  }, [contentVersion]);

  const jumpToLatest = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    stuck.current = true;
    setAtBottom(true);
    el.scrollTop = el.scrollHeight;
    lastHeight.current = el.scrollHeight;
  }, []);

  return { ref, onScroll, atBottom, jumpToLatest };
}

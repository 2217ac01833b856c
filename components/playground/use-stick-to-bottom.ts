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

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && stuck.current && el.scrollHeight > el.clientHeight) el.scrollTop = el.scrollHeight;
  }, [contentVersion]);

  const jumpToLatest = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    stuck.current = true;
    setAtBottom(true);
    el.scrollTop = el.scrollHeight;
  }, []);

  return { ref, onScroll, atBottom, jumpToLatest };
}

"use client";

import { hashKey, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { isRateLimited, retryDelayMs } from "@/lib/client/retry-policy";

interface Pending {
  retryAt: number;
  now: number;
}

/**
 * Seconds until the query's next attempt after a 429, or null when it is not waiting on a rate limit. Listens to
 * the query cache's "failed" events (dispatched when the retryer schedules a retry) and applies the same delay
 * policy the retryer uses, so the countdown the user sees is the wait that actually happens. (The event counts
 * this failure; the retryer asked for the delay with the failures before it.)
 */
export function useRateLimitCountdown(queryKey: QueryKey): number | null {
  const client = useQueryClient();
  const keyHash = hashKey(queryKey);
  const [pending, setPending] = useState<Pending | null>(null);

  useEffect(() => {
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.query.queryHash !== keyHash) return;
      const action = event.action;
      if (action.type === "failed") {
        const now = Date.now();
        setPending(isRateLimited(action.error) ? { retryAt: now + retryDelayMs(action.failureCount - 1, action.error), now } : null);
      } else if (action.type === "success" || action.type === "error") {
        setPending(null);
      }
    });
  }, [client, keyHash]);

  const waiting = pending !== null;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      setPending((current) => (current ? { ...current, now: Date.now() } : current));
    }, 250);
    return () => window.clearInterval(timer);
  }, [waiting]);

  if (!pending) return null;
  return Math.max(0, Math.ceil((pending.retryAt - pending.now) / 1000));
}

"use client";

import { formatExactTime, formatRelativeTime } from "@/lib/format/time";

/** A relative time with the exact instant on hover (title) and in the machine-readable datetime attribute. */
export function RelativeTime({ value }: { value: string | number | Date }) {
  const date = new Date(value);
  return (
    <time dateTime={Number.isNaN(date.getTime()) ? undefined : date.toISOString()} title={formatExactTime(date)} suppressHydrationWarning>
      {formatRelativeTime(date)}
    </time>
  );
}

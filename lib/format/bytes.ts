import { formatCount } from "./count";

/**
 * Sizes in bytes. One meaning of the units everywhere: binary, 1 KB = 1024 bytes and 1 MB = 1024² bytes,
 * labelled KB/MB/GB as Windows and the gateway's contract ("100 MB" uploads, 104,857,600 bytes) do, so
 * a file's size and the limit it is checked against read in the same units.
 */
const UNITS = ["B", "KB", "MB", "GB", "TB", "PB"] as const;
const STEP = 1024;

/**
 * "1.2 MB": one decimal below 10 of a unit and none above, so a column stays narrow and reads at a
 * glance; "unknown" for a negative or non-finite count.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "unknown";
  let value = bytes;
  let unit = 0;
  // 999.5 and up would round to "1000 KB": show the next unit instead.
  while (value >= 999.5 && unit < UNITS.length - 1) {
    value /= STEP;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  return `${value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

/** "1,024,000 bytes": the exact count, shown on hover, in the details and next to a limit. */
export function formatExactBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "unknown";
  return `${formatCount(bytes)} ${bytes === 1 ? "byte" : "bytes"}`;
}

/** A limit, exactly: "1 MB" for 1024² bytes, "100 MB" for 100 × 1024²; the exact byte count when no unit divides it. */
export function formatByteLimit(bytes: number): string {
  for (let unit = UNITS.length - 1; unit > 0; unit -= 1) {
    const size = STEP ** unit;
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${UNITS[unit]}`;
  }
  return formatExactBytes(bytes);
}

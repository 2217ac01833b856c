const UNITS = ["kB", "MB", "GB", "TB", "PB"] as const;
const integerFormat = new Intl.NumberFormat("en");

/**
 * "1.2 MB": decimal (SI) units, as file managers on macOS and most storage dashboards show them, with one
 * decimal below 10 of a unit and none above, so the column stays narrow and reads at a glance.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "unknown";
  if (bytes < 1000) return `${Math.round(bytes)} B`;
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  // 999.95 kB would round to "1000 kB": show the next unit instead.
  if (value >= 999.5 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = value < 10 ? 1 : 0;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

/** "1,024,000 bytes": the exact count, shown on hover and in the details. */
export function formatExactBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "unknown";
  return `${integerFormat.format(bytes)} ${bytes === 1 ? "byte" : "bytes"}`;
}

/** "8,200": counts in status lines. */
export function formatCount(value: number): string {
  return integerFormat.format(value);
}

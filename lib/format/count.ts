/**
 * 12345 -> "12,345": counts in status lines and metrics; null -> "—". Not Intl or toLocaleString: the
 * first call loads ICU data, a 30 ms stall when a run completes.
 */
export function formatCount(value: number | null): string {
  if (value === null) return "—";
  const [whole, fraction] = String(value).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** 1 -> "1 repeat", 3 -> "3 repeats": a count with its noun, for nouns whose plural adds an s. */
export function countOf(value: number, noun: string): string {
  return `${value} ${noun}${value === 1 ? "" : "s"}`;
}

/**
 * Local days of a whole-hour UTC offset, as the usage console cuts them: a day `YYYY-MM-DD` at offset `tz` hours
 * runs from that date's UTC midnight minus `tz` hours, for 24 hours. Shared by the server (which sums hourly
 * rollups into these days) and the page (its default range and its labels), so both cut days the same way.
 */
export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The UTC instant a local day starts at. */
function localDayStart(day: string, tz: number): number {
  return Date.parse(`${day}T00:00:00Z`) - tz * HOUR_MS;
}

/** The local day an instant falls on. */
export function localDayOf(ms: number, tz: number): string {
  return new Date(ms + tz * HOUR_MS).toISOString().slice(0, 10);
}

/** Every local day from `from` to `to` (inclusive), oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** The UTC instants `[start, end)` that a range of local days covers. */
export function rangeBounds(from: string, to: string, tz: number): { start: number; end: number } {
  return { start: localDayStart(from, tz), end: localDayStart(to, tz) + DAY_MS };
}

/** This browser's offset from UTC now, rounded to whole hours and kept within what the API takes. */
export function browserOffsetHours(now = new Date()): number {
  return Math.max(-12, Math.min(14, Math.round(-now.getTimezoneOffset() / 60)));
}

/** The current UTC hour (ms): the page's "now", which only changes when a day could. */
export function currentHourMs(): number {
  return Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
}

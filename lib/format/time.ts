import { countOf } from "./count";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const exactFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

/** "3 days ago", relative to `now` (passed in so renders are deterministic and testable). */
export function formatRelativeTime(date: Date | string | number, now: number = Date.now()): string {
  const time = new Date(date).getTime();
  if (Number.isNaN(time)) return "unknown";
  const seconds = Math.round((time - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === "second") return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return relativeFormat.format(0, "second");
}

/** The exact instant, in UTC so server and browser render the same text. */
export function formatExactTime(date: Date | string | number): string {
  const value = new Date(date);
  return Number.isNaN(value.getTime()) ? "unknown" : `${exactFormat.format(value)} UTC`;
}

/**
 * A wait in words for "try again in …" messages: whole seconds under a minute, then minutes, then hours,
 * always rounded up so the user never retries too early.
 */
export function formatWait(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return countOf(whole, "second");
  if (whole < 90 * 60) return countOf(Math.ceil(whole / 60), "minute");
  return countOf(Math.ceil(whole / 3600), "hour");
}

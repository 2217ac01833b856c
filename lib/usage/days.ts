/**
 * Local days of an IANA time zone, as the usage console cuts them. Shared by the server (which sums the ledger
 * into these days) and the page (its default range and its labels), so both cut days the same way.
 *
 * Day `D` in zone `Z` starts at the first instant whose local date in `Z` is `D` or later (local midnight, or the
 * first instant after it where a DST change skips midnight) and ends where `D + 1` starts, so consecutive days
 * tile time: no instant is in two days, none is in none, whatever the zone's offsets (whole hours, +05:30, +05:45)
 * or its DST changes (a 23- or 25-hour day).
 */
export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Local midnight is within this of UTC midnight in every zone (offsets run from -12:00 to +14:00). */
const MAX_OFFSET_MS = 15 * HOUR_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
    // A bounded cache: zones are few, but the name comes from a URL.
    if (formatters.size > 64) formatters.clear();
    formatters.set(zone, formatter);
  }
  return formatter;
}

let knownZones: Map<string, string> | null = null;

/**
 * The IANA zone's name as the runtime lists it (any case accepted), or null when the runtime does not know it. Names
 * only: no bare offsets. Not resolvedOptions' name, which turns Asia/Kolkata into Asia/Calcutta on some runtimes.
 */
export function canonicalZone(zone: string): string | null {
  if (zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return null;
  try {
    formatterOf(zone);
  } catch {
    return null;
  }
  knownZones ??= new Map(zoneNames().map((name) => [name.toLowerCase(), name]));
  return knownZones.get(zone.toLowerCase()) ?? zone;
}

function localParts(ms: number, zone: string): Record<"year" | "month" | "day" | "hour" | "minute" | "second", string> {
  const found = { year: "", month: "", day: "", hour: "", minute: "", second: "" };
  for (const part of formatterOf(zone).formatToParts(new Date(ms))) if (part.type in found) found[part.type as keyof typeof found] = part.value;
  return found;
}

/** The local date (YYYY-MM-DD) an instant falls on in `zone`. */
export function localDayOf(ms: number, zone: string): string {
  const part = localParts(ms, zone);
  return `${part.year}-${part.month}-${part.day}`;
}

/** The zone's offset from UTC at an instant (ms; +05:30 is 19,800,000). */
function offsetAt(ms: number, zone: string): number {
  const part = localParts(ms, zone);
  const local = Date.UTC(Number(part.year), Number(part.month) - 1, Number(part.day), Number(part.hour), Number(part.minute), Number(part.second));
  return local - Math.floor(ms / 1000) * 1000;
}

/** The UTC instant day `day` starts at in `zone`: the first whole minute whose local date is `day` or later. */
function zoneDayStart(day: string, zone: string): number {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // Usually midnight at the offset of the hours around it; checked, since a DST change may fall near it.
  const guess = midnight - offsetAt(midnight, zone);
  if (localDayOf(guess, zone) >= day && localDayOf(guess - MINUTE_MS, zone) < day) return guess;
  // Otherwise a binary search over minutes (zone offsets are whole minutes), ~11 steps.
  let before = (midnight - MAX_OFFSET_MS) / MINUTE_MS;
  let after = (midnight + MAX_OFFSET_MS) / MINUTE_MS;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (localDayOf(middle * MINUTE_MS, zone) >= day) after = middle;
    else before = middle;
  }
  return after * MINUTE_MS;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** Every local day from `from` to `to` (inclusive), oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

export interface DayWindow {
  day: string;
  start: number;
  end: number;
}

/** Each day of the range with the UTC instants `[start, end)` it covers in `zone`, oldest first. */
export function dayWindows(from: string, to: string, zone: string): DayWindow[] {
  const days = daysBetween(from, to);
  const starts = [...days, nextDay(to)].map((day) => zoneDayStart(day, zone));
  return days.map((day, index) => ({ day, start: starts[index]!, end: starts[index + 1]! }));
}

/** The UTC instants `[start, end)` that a range of local days covers in `zone`. */
export function rangeBounds(from: string, to: string, zone: string): { start: number; end: number } {
  return { start: zoneDayStart(from, zone), end: zoneDayStart(nextDay(to), zone) };
}

/** This browser's IANA zone (UTC when it names none the runtime knows). */
export function browserZone(): string {
  return canonicalZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? "UTC";
}

/** The zones the picker lists: the runtime's IANA names, UTC first. */
export function zoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...names.filter((name) => name !== "UTC")];
}

/** The current quarter hour (ms): the page's "now". Every zone's days start on a quarter hour, so "today" is right. */
export function currentQuarterHourMs(): number {
  return Math.floor(Date.now() / (HOUR_MS / 4)) * (HOUR_MS / 4);
}

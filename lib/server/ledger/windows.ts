/**
 * The budget windows, in UTC: a calendar day and a calendar month. The ledger's rollups are per UTC hour, so
 * both are whole numbers of rollup rows, and a viewer's own day (any whole-hour time zone) is too.
 */
export const HOUR_MS = 60 * 60 * 1000;

/** The start of the UTC hour `at` falls in: the rollup row an entry made at `at` is summed into. */
export function hourOf(at: number): number {
  return Math.floor(at / HOUR_MS) * HOUR_MS;
}

export function dayStart(at: number): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

export function nextDayStart(at: number): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
}

export function monthStart(at: number): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

export function nextMonthStart(at: number): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}
